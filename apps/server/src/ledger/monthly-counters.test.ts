import { beforeAll, describe, expect, it } from 'vitest'
import { resetMonthlyCounters } from './monthly-counters.ts'
import { useTestDatabase } from '../../test/use-test-database.ts'

const database = useTestDatabase()
beforeAll(async () => {
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

describe('resetMonthlyCounters and installments dated in the new month (ADR 012)', () => {
  it('turns the counter to the installments already dated in the new month, not to 0', async () => {
    const db = database.pool
    await db.query(
      `insert into "user" (id, name, email, "emailVerified") values ('u3', 'Cid', 'cid@x.com', true)`,
    )
    await db.query(`insert into profiles (id, name, email) values ('u3', 'Cid', 'cid@x.com')`)
    await db.query(`insert into subscribers (user_id, plan_type, monthly_transactions, counter_month)
                    values ('u3', 'free', 4, '2027-02')`)
    const {
      rows: [ledger],
    } = await db.query<{ id: number }>(
      `insert into ledgers (owner_user_id) values ('u3') returning id`,
    )
    // A TV in 3 installments recorded in February (02, 03, 04) and a March entry recorded in
    // February that is not an installment (it counted in February, where it was recorded).
    await db.query(
      `insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                                 occurred_on, source, created_at, entry_group,
                                 installment_number, installment_count)
       select $1, 'u3', 'expense', x.cents, x.description, 'compras', x.on_day, 'web',
              timestamptz '2027-02-10 12:00-03', x.grp, x.n, x.count
         from (values
           (80000, 'TV', date '2027-02-10', uuid '00000000-0000-4000-8000-000000000001', 1, 3),
           (80000, 'TV', date '2027-03-10', uuid '00000000-0000-4000-8000-000000000001', 2, 3),
           (80000, 'TV', date '2027-04-10', uuid '00000000-0000-4000-8000-000000000001', 3, 3),
           (5000, 'presente', date '2027-03-02', null::uuid, null::int, null::int)
         ) as x(cents, description, on_day, grp, n, count)`,
      [ledger?.id],
    )
    // 1 March, 00:05 in São Paulo: the hourly reset turns the counters (u1's and u2's too).
    expect(await resetMonthlyCounters(db, new Date('2027-03-01T03:05:00Z'))).toBe(3)
    const counter = async () =>
      (
        await db.query(
          `select monthly_transactions, counter_month from subscribers where user_id = 'u3'`,
        )
      ).rows[0]
    // The March installment takes one of March's slots from the start, as claimEntrySlot would
    // have counted it had an entry turned the counter; the April one waits for April.
    expect(await counter()).toEqual({ monthly_transactions: 1, counter_month: '2027-03' })
    expect(await resetMonthlyCounters(db, new Date('2027-03-15T12:00:00Z'))).toBe(0)
    expect(await resetMonthlyCounters(db, new Date('2027-04-01T03:05:00Z'))).toBe(3)
    expect(await counter()).toEqual({ monthly_transactions: 1, counter_month: '2027-04' })
    expect(await resetMonthlyCounters(db, new Date('2027-05-01T03:05:00Z'))).toBe(3)
    expect(await counter()).toEqual({ monthly_transactions: 0, counter_month: '2027-05' })
  })
})
