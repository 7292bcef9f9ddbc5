import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../../test/ledger-fixtures.ts'
import { realisticLedger } from '../../test/realistic-ledger.ts'
import { createTestDatabase } from '../../test/test-server.ts'
import type { Database, Db } from '../platform/db/database.ts'
import { withTransaction } from '../platform/db/transaction.ts'
import { recordEntry } from '../ledger/entries.ts'
import { ledgerForUser } from '../tenancy/ledgers.queries.ts'
import { historyOf, isHighSpending } from './high-spending.ts'

/*
 * The high-spending rule against realistic ledgers (test/realistic-ledger.ts): June to October
 * as history, November as the "ordinary month", then a clearly unusual expense.
 */

const UNUSUAL = [
  { category: 'compras', amount_cents: 450_000, description: 'TV nova' },
  { category: 'lazer', amount_cents: 280_000, description: 'viagem' },
  { category: 'alimentacao', amount_cents: 90_000, description: 'jantar de aniversário' },
  { category: 'mercado', amount_cents: 250_000, description: 'compra do ano' },
] as const

describe('the rule on 300 simulated people', () => {
  const people = Array.from({ length: 300 }, (_, i) => realisticLedger('2026-06', 6, i + 1))

  it('an ordinary month alerts for at most 5 % of people', () => {
    let alerted = 0
    for (const ledger of people) {
      const any = ledger.some(
        (e, i) =>
          e.occurred_on.startsWith('2026-11') &&
          isHighSpending(e.amount_cents, historyOf(ledger.slice(0, i), e.category, e.occurred_on)),
      )
      if (any) alerted++
    }
    expect(alerted / people.length).toBeLessThanOrEqual(0.05)
  })

  it('a clearly unusual expense alerts for at least 99 % of them', () => {
    let caught = 0
    for (const ledger of people) {
      for (const u of UNUSUAL) {
        if (isHighSpending(u.amount_cents, historyOf(ledger, u.category, '2026-11-30'))) caught++
      }
    }
    expect(caught / (people.length * UNUSUAL.length)).toBeGreaterThanOrEqual(0.99)
  })

  it('needs history: a new category alerts for nothing', () => {
    expect(isHighSpending(1_000_000, { count: 3, medianCents: 1_000, maxCents: 2_000 })).toBe(false)
    expect(isHighSpending(14_999, { count: 50, medianCents: 1_000, maxCents: 2_000 })).toBe(false)
    expect(isHighSpending(15_000, { count: 4, medianCents: 5_000, maxCents: 7_500 })).toBe(true)
  })
})

describe('high_spending alerts on a real database', () => {
  let database: Database
  let db: Db
  beforeAll(async () => {
    database = await createTestDatabase()
    db = database.pool
  })
  afterAll(() => database?.close())

  async function record(
    userId: string,
    e: { amount_cents: number; description: string; category: string; occurred_on: string },
  ) {
    await withTransaction(db, async (tx) => {
      const ledger = await ledgerForUser(tx, { userId })
      await recordEntry(tx, {
        ledger,
        userId,
        entry: { type: 'expense', ...e, category: e.category as 'mercado' },
        source: 'web',
      })
    })
  }

  const highAlerts = async (userId: string) =>
    (
      await db.query<{ text: string }>(
        `select a.text from alerts a join ledgers l on l.id = a.ledger_id
          where l.owner_user_id = $1 and a.kind = 'high_spending' order by a.id`,
        [userId],
      )
    ).rows.map((r) => r.text)

  // Persons 1 and 2 have an ordinary November; 3 runs up a R$ 498 bar tab (4.5× their usual)
  // and 6 sees a doctor after months of pharmacy only: the database must flag exactly what the
  // rule says, nothing more.
  it.each([
    [1, []],
    [2, []],
    [3, ['R$ 498,16 em *Lazer* (bar)']],
    [6, ['R$ 339,26 em *Saúde* (consulta)']],
  ])('seeded person %i: November alerts %j, then a R$ 4.500 TV one more', async (seed, expected) => {
    const userId = await insertUser(db, 'pf_simples')
    const { ledgerId } = await ledgerForUser(db, { userId })
    const ledger = realisticLedger('2026-06', 6, seed)
    const history = ledger.filter((e) => e.occurred_on < '2026-11-01')
    // Five months of history in one statement (as if typed over time), November entry by entry.
    await db.query(
      `insert into transactions (ledger_id, created_by, type, amount_cents, description, category, occurred_on, source)
       select $1, $2, 'expense', a, d, c, o::date, 'web'
         from unnest($3::bigint[], $4::text[], $5::text[], $6::text[]) as x(a, d, c, o)`,
      [
        ledgerId,
        userId,
        history.map((e) => e.amount_cents),
        history.map((e) => e.description),
        history.map((e) => e.category),
        history.map((e) => e.occurred_on),
      ],
    )
    const november = ledger.filter((x) => x.occurred_on >= '2026-11-01')
    for (const e of november) await record(userId, e)
    const predicted = november.filter((e) =>
      isHighSpending(
        e.amount_cents,
        historyOf(ledger.slice(0, ledger.indexOf(e)), e.category, e.occurred_on),
      ),
    )
    const ordinary = await highAlerts(userId)
    expect(ordinary).toHaveLength(predicted.length)
    expect(
      ordinary.map((t) => t.slice('💸 Gasto alto: '.length, t.indexOf(', bem acima'))),
    ).toEqual(expected)

    await record(userId, {
      amount_cents: 450_000,
      description: 'TV nova',
      category: 'compras',
      occurred_on: '2026-11-28',
    })
    const alerts = await highAlerts(userId)
    expect(alerts).toHaveLength(expected.length + 1)
    expect(alerts.at(-1)).toMatch(
      /^💸 Gasto alto: R\$ 4\.500,00 em \*Compras\* \(TV nova\), bem acima do seu normal/,
    )
  })
})
