import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../platform/db/database.ts'
import { createTestDatabase } from '../../test/test-server.ts'
import { resetMonthlyCounters } from './monthly-counters.ts'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
  const db = database.pool
  // A profile belongs to an auth user (migration 003).
  await db.query(
    `insert into "user" (id, name, email, "emailVerified")
     values ('u1', 'Ana', 'ana@x.com', true), ('u2', 'Bia', 'bia@x.com', true)`,
  )
  await db.query(
    `insert into profiles (id, name, email) values ('u1', 'Ana', 'ana@x.com'), ('u2', 'Bia', 'bia@x.com')`,
  )
  await db.query(`insert into subscribers (user_id, monthly_transactions, counter_month)
                  values ('u1', 5, '2026-10'), ('u2', 3, '2026-11')`)
})
afterAll(() => database?.close())

describe('resetMonthlyCounters', () => {
  it('keeps counting until midnight of the 1st in São Paulo, not UTC', async () => {
    // 2026-11-01T02:30Z is still 31 October, 23:30 in São Paulo.
    const db = database.pool
    expect(await resetMonthlyCounters(db, new Date('2026-10-31T23:00:00Z'))).toBe(0)
    // Now in November (São Paulo): u1's October count resets, u2's November count stays.
    expect(await resetMonthlyCounters(db, new Date('2026-11-01T03:30:00Z'))).toBe(1)
    const { rows } = await db.query(
      'select user_id, monthly_transactions, counter_month from subscribers order by user_id',
    )
    expect(rows).toEqual([
      { user_id: 'u1', monthly_transactions: 0, counter_month: '2026-11' },
      { user_id: 'u2', monthly_transactions: 3, counter_month: '2026-11' },
    ])
    // Idempotent
    expect(await resetMonthlyCounters(db, new Date('2026-11-15T12:00:00Z'))).toBe(0)
  })
})
