import { addMonths, analysisSchema } from '@equilibrai/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../../test/ledger-fixtures.ts'
import { signedInUser } from '../../test/auth-client.ts'
import { expectContract } from '../../test/contract.ts'
import { startTestServer, type TestServer } from '../../test/test-server.ts'
import { analyzeLedger } from './analysis.queries.ts'
import { changePct, projectCategory } from './projection.ts'
import { ledgerForUser } from '../tenancy/ledgers.queries.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'x-forwarded-for' })
})
afterAll(() => server?.stop())

type Seed = [day: string, type: 'income' | 'expense', category: string, cents: number]

async function seed(ledgerId: number, userId: string, rows: Seed[]) {
  for (const [day, type, category, cents] of rows) {
    await server.database.pool.query(
      `insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
         occurred_on, source) values ($1, $2, $3, $4, 'x', $5, $6, 'web')`,
      [ledgerId, userId, type, cents, category, day],
    )
  }
}

describe('projection rule', () => {
  it('stretches the pace of steady categories and keeps once-a-month ones at their size', () => {
    const clock = { day: 10, daysInMonth: 30 }
    const steady = {
      soFarCents: 15_000,
      futureCents: 0,
      average3mCents: 30_000,
      averageEntries3m: 3,
    }
    expect(projectCategory(steady, clock)).toBe(45_000)
    expect(projectCategory({ ...steady, futureCents: 4_000 }, clock)).toBe(49_000)
    const salary = {
      soFarCents: 500_000,
      futureCents: 0,
      average3mCents: 480_000,
      averageEntries3m: 1,
    }
    expect(projectCategory(salary, clock)).toBe(500_000)
    expect(projectCategory({ ...salary, soFarCents: 0 }, clock)).toBe(480_000)
    // No history at all: the pace alone.
    expect(
      projectCategory(
        { soFarCents: 3_333, futureCents: 0, average3mCents: 0, averageEntries3m: 0 },
        { day: 3, daysInMonth: 31 },
      ),
    ).toBe(34_441)
    expect(changePct(15_000, 30_000)).toBe(-50)
    expect(changePct(1, 0)).toBeNull()
    expect(addMonths('2026-01', -1)).toBe('2025-12')
    expect(addMonths('2026-11', 2)).toBe('2027-01')
  })
})

describe('analysis on seeded data', () => {
  it('computes the series, the changes, the projection and the movers', async () => {
    const owner = await insertUser(server.database.pool, 'empresas_2')
    const other = await insertUser(server.database.pool, 'empresas_2')
    const { ledgerId } = await ledgerForUser(server.database.pool, { userId: owner })
    const otherLedger = await ledgerForUser(server.database.pool, { userId: other })
    const history: Seed[] = []
    for (const month of ['2026-08', '2026-09', '2026-10']) {
      history.push(
        [`${month}-03`, 'expense', 'mercado', 10_000],
        [`${month}-13`, 'expense', 'mercado', 10_000],
        [`${month}-23`, 'expense', 'mercado', 10_000],
        [`${month}-05`, 'income', 'salario', 500_000],
        [`${month}-08`, 'expense', 'moradia', 150_000],
      )
    }
    await seed(ledgerId, owner, [
      ...history,
      ['2026-11-02', 'expense', 'mercado', 10_000],
      ['2026-11-09', 'expense', 'mercado', 5_000],
      ['2026-11-05', 'income', 'salario', 500_000],
      ['2026-11-03', 'expense', 'lazer', 6_000],
      ['2026-11-20', 'expense', 'lazer', 4_000],
    ])
    await seed(otherLedger.ledgerId, other, [['2026-11-04', 'expense', 'mercado', 999_999]])

    const a = await analyzeLedger(server.database.pool, {
      ledgerId,
      months: 12,
      today: '2026-11-10',
    })
    expect(a.months).toHaveLength(12)
    expect(a.months[0]?.month).toBe('2025-12')
    expect(a.months.at(-1)).toEqual({
      month: '2026-11',
      income_cents: 500_000,
      expense_cents: 25_000,
      balance_cents: 475_000,
    })
    expect(a.months.at(-2)).toEqual({
      month: '2026-10',
      income_cents: 500_000,
      expense_cents: 180_000,
      balance_cents: 320_000,
    })
    expect(a.months[0]).toEqual({
      month: '2025-12',
      income_cents: 0,
      expense_cents: 0,
      balance_cents: 0,
    })
    expect(a.categories).toEqual([
      {
        category: 'mercado',
        type: 'expense',
        this_month_cents: 15_000,
        average_3m_cents: 30_000,
        change_pct: -50,
        projected_cents: 45_000,
      },
      {
        category: 'lazer',
        type: 'expense',
        this_month_cents: 10_000,
        average_3m_cents: 0,
        change_pct: null,
        projected_cents: 22_000,
      },
      {
        category: 'moradia',
        type: 'expense',
        this_month_cents: 0,
        average_3m_cents: 150_000,
        change_pct: -100,
        projected_cents: 150_000,
      },
      {
        category: 'salario',
        type: 'income',
        this_month_cents: 500_000,
        average_3m_cents: 500_000,
        change_pct: 0,
        projected_cents: 500_000,
      },
    ])
    expect(a.projection).toEqual({
      month: '2026-11',
      income_cents: 500_000,
      expense_cents: 217_000,
      balance_cents: 283_000,
      days_elapsed: 10,
      days_in_month: 30,
    })
    expect(a.movers.map((m) => m.category)).toEqual(['lazer', 'mercado'])
  })
})

describe('GET /api/v1/analysis', () => {
  it('is for análise_avançada plans, validates months, and answers the contract', async () => {
    const pf = await signedInUser(server)
    await server.database.pool.query(
      `update subscribers set plan_type = 'pf_simples' where user_id = $1`,
      [pf.userId],
    )
    const refused = await pf.client.request('/api/v1/analysis')
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'FEATURE_NOT_IN_PLAN',
    )

    const biz = await signedInUser(server)
    await server.database.pool.query(
      `update subscribers set plan_type = 'empresas_2' where user_id = $1`,
      [biz.userId],
    )
    expect((await biz.client.request('/api/v1/analysis?months=0')).status).toBe(400)
    expect((await biz.client.request('/api/v1/analysis?months=25')).status).toBe(400)
    const res = await biz.client.request('/api/v1/analysis')
    expect(res.status).toBe(200)
    const body = expectContract(analysisSchema, await res.json())
    expect(body.months).toHaveLength(12)
    expect(body.projection.balance_cents).toBe(0)
    expect(body.categories).toEqual([])
  })
})
