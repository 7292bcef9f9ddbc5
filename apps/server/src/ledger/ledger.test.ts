import { beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../../test/ledger-fixtures.ts'
import type { Db } from '../platform/db/database.ts'
import { withTransaction } from '../platform/db/transaction.ts'
import { editEntry, recordEntry, removeEntry } from './entries.ts'
import { LimitReachedError } from './errors.ts'
import { ledgerForUser } from '../tenancy/ledgers.queries.ts'
import { getUsage } from './monthly-limit.ts'
import { monthSummary, monthSummaryFromEntries } from './summary.queries.ts'
import {
  decodeCursor,
  encodeCursor,
  listTransactions,
  type NewEntry,
} from './transactions.queries.ts'
import { useTestDatabase } from '../../test/use-test-database.ts'

const database = useTestDatabase()
let db: Db
beforeAll(async () => {
  db = database.pool
})

const newUser = (plan = 'free') => insertUser(db, plan)

const entry = (over: Partial<NewEntry> = {}): NewEntry => ({
  type: 'expense',
  amount_cents: 1000,
  description: 'mercado',
  category: 'mercado',
  occurred_on: '2026-11-10',
  ...over,
})

async function record(userId: string, e: NewEntry = entry()) {
  return withTransaction(db, async (tx) => {
    const ledger = await ledgerForUser(tx, { userId })
    return (await recordEntry(tx, { ledger, userId, entry: e, source: 'web' })).entry
  })
}

/** The invariant the counter keeps: entries of the ledger recorded this São Paulo month. */
async function countedThisMonth(userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from transactions t join ledgers l on l.id = t.ledger_id
      where l.owner_user_id = $1
        and to_char(t.created_at at time zone 'America/Sao_Paulo', 'YYYY-MM')
          = to_char(now() at time zone 'America/Sao_Paulo', 'YYYY-MM')`,
    [userId],
  )
  return rows[0]?.n ?? -1
}

describe('monthly entry limit', () => {
  it('lets exactly 5 of 20 simultaneous entries of a free user through', async () => {
    const user = await newUser()
    await ledgerForUser(db, { userId: user })
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => record(user)))
    const ok = results.filter((r) => r.status === 'fulfilled')
    const refused = results.filter(
      (r) => r.status === 'rejected' && r.reason instanceof LimitReachedError,
    )
    expect(ok).toHaveLength(5)
    expect(refused).toHaveLength(15)
    expect((await getUsage(db, { ownerId: user })).used).toBe(5)
    expect(await countedThisMonth(user)).toBe(5)
  })

  it('names the limit and the plan when refusing', async () => {
    const user = await newUser()
    for (let i = 0; i < 5; i++) await record(user)
    const error = await record(user).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(LimitReachedError)
    expect((error as LimitReachedError).message).toMatch(
      /limite de 5 lançamentos por mês do plano Gratuito/,
    )
    expect((error as LimitReachedError).status).toBe(403)
  })

  it('gives the slot back when an entry recorded this month is deleted', async () => {
    const user = await newUser()
    const first = await record(user)
    for (let i = 0; i < 4; i++) await record(user)
    await expect(record(user)).rejects.toBeInstanceOf(LimitReachedError)
    await withTransaction(db, async (tx) => {
      const ledger = await ledgerForUser(tx, { userId: user })
      await removeEntry(tx, { ledger, id: first.id })
    })
    expect((await getUsage(db, { ownerId: user })).used).toBe(4)
    await record(user)
    expect((await getUsage(db, { ownerId: user })).used).toBe(5)
    expect(await countedThisMonth(user)).toBe(5)
  })

  it('starts a new count when the counter belongs to an earlier month', async () => {
    const user = await newUser()
    await db.query(
      `update subscribers set monthly_transactions = 5, counter_month = '2000-01' where user_id = $1`,
      [user],
    )
    expect((await getUsage(db, { ownerId: user })).used).toBe(0)
    await record(user)
    const usage = await getUsage(db, { ownerId: user })
    expect(usage.used).toBe(1)
    expect(usage.limit).toBe(5)
  })

  it('counts but never refuses on unlimited plans', async () => {
    const user = await newUser('pf_simples')
    await Promise.all(Array.from({ length: 12 }, () => record(user)))
    const usage = await getUsage(db, { ownerId: user })
    expect(usage).toMatchObject({ used: 12, limit: -1, plan_type: 'pf_simples' })
  })

  it('rolls the count back when the insert fails', async () => {
    const user = await newUser()
    await expect(record(user, entry({ category: 'salario' }))).rejects.toThrow()
    expect((await getUsage(db, { ownerId: user })).used).toBe(0)
  })
})

describe('reading a ledger', () => {
  it('pages newest first with an opaque cursor and never mixes ledgers', async () => {
    const ana = await newUser('pf_simples')
    const bia = await newUser('pf_simples')
    const days = ['2026-11-01', '2026-11-03', '2026-11-03', '2026-11-02', '2026-11-05']
    for (const [i, day] of days.entries()) {
      await record(ana, entry({ occurred_on: day, description: `a${i}` }))
    }
    await record(bia, entry({ occurred_on: '2026-11-04', description: 'bia' }))
    const ledger = await ledgerForUser(db, { userId: ana })
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const page: Awaited<ReturnType<typeof listTransactions>> = await listTransactions(db, {
        ledgerId: ledger.ledgerId,
        limit: 2,
        cursor: cursor ? decodeCursor(cursor) : null,
      })
      expect(page.data.length).toBeLessThanOrEqual(2)
      seen.push(...page.data.map((t) => t.description))
      cursor = page.next_cursor
    } while (cursor)
    expect(seen).toEqual(['a4', 'a2', 'a1', 'a3', 'a0'])
    const ranged = await listTransactions(db, {
      ledgerId: ledger.ledgerId,
      from: '2026-11-02',
      to: '2026-11-03',
      limit: 50,
    })
    expect(ranged.data.map((t) => t.description)).toEqual(['a2', 'a1', 'a3'])
    expect(ranged.next_cursor).toBeNull()
  })

  it('round-trips cursors and rejects made-up ones', () => {
    const c = { occurredOn: '2026-11-03', id: 42 }
    expect(decodeCursor(encodeCursor(c))).toEqual(c)
    for (const bad of ['', 'abc', encodeCursor({ occurredOn: '2026-02-30', id: 1 }), '!!!']) {
      expect(decodeCursor(bad)).toBeNull()
    }
  })

  it('sums a month by category in SQL', async () => {
    const user = await newUser('pf_simples')
    await record(user, entry({ amount_cents: 4590 }))
    await record(user, entry({ amount_cents: 1000 }))
    await record(user, entry({ amount_cents: 2500, category: 'lazer', description: 'bar' }))
    await record(
      user,
      entry({ type: 'income', category: 'salario', amount_cents: 500000, description: 'salário' }),
    )
    await record(user, entry({ occurred_on: '2026-10-31', amount_cents: 99 }))
    await record(user, entry({ occurred_on: '2026-12-01', amount_cents: 99 }))
    const ledger = await ledgerForUser(db, { userId: user })
    expect(await monthSummary(db, { ledgerId: ledger.ledgerId, month: '2026-11' })).toEqual({
      month: '2026-11',
      income_cents: 500000,
      expense_cents: 8090,
      balance_cents: 491910,
      by_category: [
        { type: 'income', category: 'salario', total_cents: 500000, count: 1 },
        { type: 'expense', category: 'mercado', total_cents: 5590, count: 2 },
        { type: 'expense', category: 'lazer', total_cents: 2500, count: 1 },
      ],
    })
  })
})

describe("the month's totals", () => {
  async function agree(userId: string, months: string[]) {
    const ledger = await ledgerForUser(db, { userId })
    for (const month of months) {
      const fromTotals = await monthSummary(db, { ledgerId: ledger.ledgerId, month })
      const fromEntries = await monthSummaryFromEntries(db, { ledgerId: ledger.ledgerId, month })
      expect(fromTotals.by_category, month).toEqual(fromEntries)
    }
  }

  it('follow every insert, edit and delete, also when they race', async () => {
    const user = await newUser('pf_simples')
    const ledger = await ledgerForUser(db, { userId: user })
    const made = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        record(
          user,
          entry({
            amount_cents: 100 + i,
            category: i % 2 ? 'mercado' : 'lazer',
            occurred_on: i % 3 ? '2026-11-05' : '2026-10-31',
          }),
        ),
      ),
    )
    const tx = (fn: Parameters<typeof withTransaction>[1]) => withTransaction(db, fn)
    // Moves in both directions between two categories, deletes and new entries, all at once:
    // none may deadlock, and the totals must end equal to the entries.
    await Promise.all(
      made.map((t, i) => {
        if (i % 4 === 0) return tx((c) => removeEntry(c, { ledger, id: t.id }))
        if (i % 4 === 1)
          return tx((c) =>
            editEntry(c, {
              ledger,
              id: t.id,
              patch: { category: t.category === 'mercado' ? 'lazer' : 'mercado' },
            }),
          )
        if (i % 4 === 2)
          return tx((c) =>
            editEntry(c, {
              ledger,
              id: t.id,
              patch: { occurred_on: '2026-12-01', amount_cents: 7 },
            }),
          )
        return record(user, entry({ category: 'transporte', amount_cents: 999 }))
      }),
    )
    await agree(user, ['2026-10', '2026-11', '2026-12'])
    // A description edit touches no totals.
    const kept = made[3]
    if (kept) await tx((c) => editEntry(c, { ledger, id: kept.id, patch: { description: 'novo' } }))
    await agree(user, ['2026-10', '2026-11'])
  })

  it('follow a bulk insert, and go away with their person', async () => {
    const user = await newUser('pf_simples')
    const ledger = await ledgerForUser(db, { userId: user })
    await db.query(
      `insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                                 occurred_on, source)
       select $1, $2, 'expense', i, 'x', (array['mercado','lazer','outros'])[1 + i % 3],
              date '2026-11-01' + (i % 45), 'web'
         from generate_series(1, 3000) as i`,
      [ledger.ledgerId, user],
    )
    await agree(user, ['2026-11', '2026-12'])
    const summary = await monthSummary(db, { ledgerId: ledger.ledgerId, month: '2026-11' })
    expect(summary.by_category.reduce((n, c) => n + c.count, 0)).toBe(2009)
    const days = await db.query<{ n: number }>(
      'select count(*)::int as n from ledger_day_totals where ledger_id = $1',
      [ledger.ledgerId],
    )
    expect(days.rows[0]?.n).toBe(45) // 45 days, each one category (i % 3 follows i % 45)
    // Deleting the account cascades through the ledger, its entries and its totals (the totals
    // by the ledgers' delete trigger, migration 041).
    await db.query('delete from "user" where id = $1', [user])
    const left = await db.query(
      `select (select count(*)::int from ledger_month_totals where ledger_id = $1) as months,
              (select count(*)::int from ledger_day_totals where ledger_id = $1) as days`,
      [ledger.ledgerId],
    )
    expect(left.rows[0]).toEqual({ months: 0, days: 0 })
  })
})
