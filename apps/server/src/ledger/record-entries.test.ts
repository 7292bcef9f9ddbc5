import { saoPauloDate } from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import { insertUser } from '../../test/ledger-fixtures.ts'
import { useTestDatabase } from '../../test/use-test-database.ts'
import { withTransaction } from '../platform/db/transaction.ts'
import { ownLedger } from '../tenancy/index.ts'
import { recordEntries, recordEntry } from './entries.ts'
import { LimitReachedError } from './errors.ts'
import { getUsage } from './monthly-limit.ts'

/*
 * recordEntries (ADR 024, 2026-11-26 late): many entries of many owners with one claim and one
 * insert, each answered as recordEntry one by one would: the owner's k-th entry sees the count
 * before plus k; past the plan's room, LimitReachedError, in the order given, nothing changed.
 */

const database = useTestDatabase()

const entry = (amount: number) => ({
  type: 'expense' as const,
  amount_cents: amount,
  description: `compra ${amount}`,
  category: 'outros' as const,
  occurred_on: saoPauloDate(new Date()),
})

describe('recordEntries', () => {
  it('grants each owner what the plan allows, in order, and counts exactly', async () => {
    const db = database.pool
    const ana = await insertUser(db, 'free')
    const bia = await insertUser(db, 'free')
    const caio = await insertUser(db, 'pf_simples')
    const [anaLedger, biaLedger, caioLedger] = await Promise.all(
      [ana, bia, caio].map((userId) => ownLedger(db, { userId })),
    )
    if (!anaLedger || !biaLedger || !caioLedger) throw new Error('no ledger')
    const { limit } = await getUsage(db, { ownerId: ana })
    expect(limit).toBeGreaterThan(3)
    // Ana has room for 2 more; Bia for all; Caio has no limit.
    for (let i = 0; i < limit - 2; i++)
      await withTransaction(db, (tx) =>
        recordEntry(tx, { ledger: anaLedger, userId: ana, entry: entry(100 + i), source: 'web' }),
      )
    const asked = [
      { ledger: anaLedger, userId: ana, amount: 1 },
      { ledger: biaLedger, userId: bia, amount: 2 },
      { ledger: anaLedger, userId: ana, amount: 3 },
      { ledger: caioLedger, userId: caio, amount: 4 },
      { ledger: anaLedger, userId: ana, amount: 5 },
      { ledger: biaLedger, userId: bia, amount: 6 },
      { ledger: anaLedger, userId: ana, amount: 7 },
    ]
    const results = await withTransaction(db, (tx) =>
      recordEntries(
        tx,
        asked.map((a) => ({
          ledger: a.ledger,
          userId: a.userId,
          entry: entry(a.amount),
          source: 'whatsapp' as const,
        })),
      ),
    )
    expect(
      results.map((r) =>
        r instanceof LimitReachedError
          ? ['limit', r.limit]
          : [r.entry.amount_cents, r.usage.used, r.usage.limit],
      ),
    ).toEqual([
      [1, limit - 1, limit],
      [2, 1, limit],
      [3, limit, limit],
      [4, 1, -1],
      ['limit', limit],
      [6, 2, limit],
      ['limit', limit],
    ])
    // The entries come back in the order given, and the counters equal the month's entries.
    const { rows } = await db.query<{ owner: string; n: number; counter: number }>(
      `select l.owner_user_id as owner, count(t.id)::int as n,
              min(s.monthly_transactions) as counter
         from ledgers l join subscribers s on s.user_id = l.owner_user_id
         left join transactions t on t.ledger_id = l.id
        where l.owner_user_id = any($1) group by 1`,
      [[ana, bia, caio]],
    )
    const of = (id: string) => rows.find((r) => r.owner === id)
    expect([of(ana)?.n, of(ana)?.counter]).toEqual([limit, limit])
    expect([of(bia)?.n, of(bia)?.counter]).toEqual([2, 2])
    expect([of(caio)?.n, of(caio)?.counter]).toEqual([1, 1])
  })
})
