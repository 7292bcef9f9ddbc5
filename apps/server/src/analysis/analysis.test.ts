import { addMonths, analysisSchema } from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import { insertUser } from '../../test/ledger-fixtures.ts'
import { signedInUser } from '../../test/auth-client.ts'
import { expectContract } from '../../test/contract.ts'
import { analyzeLedger } from './analysis.queries.ts'
import { changePct, projectCategory } from './projection.ts'
import { ledgerForUser } from '../tenancy/ledgers.queries.ts'
import { useTestServer } from '../../test/use-test-database.ts'

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

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
  it('stretches day-to-day spending, never an income, and adds what is scheduled', () => {
    const clock = { day: 10, daysInMonth: 30 }
    const market = {
      type: 'expense' as const,
      soFarCents: 15_000,
      fixedSoFarCents: 0,
      futureCents: 0,
      scheduledCents: 0,
    }
    expect(projectCategory(market, clock)).toBe(45_000)
    expect(projectCategory({ ...market, futureCents: 4_000 }, clock)).toBe(49_000)
    // A rent a recurring rule recorded on the 5th comes once, not three times.
    expect(
      projectCategory({ ...market, soFarCents: 150_000, fixedSoFarCents: 150_000 }, clock),
    ).toBe(150_000)
    // A bill still to pay this month adds its amount.
    expect(projectCategory({ ...market, scheduledCents: 18_000 }, clock)).toBe(63_000)
    // A one-off income on the 3rd stays what it was: it does not recur at any pace.
    const sale = { ...market, type: 'income' as const, soFarCents: 200_000 }
    expect(projectCategory(sale, { day: 3, daysInMonth: 31 })).toBe(200_000)
    // A recurring salary not yet in is expected.
    expect(projectCategory({ ...sale, soFarCents: 0, scheduledCents: 500_000 }, clock)).toBe(
      500_000,
    )
    expect(projectCategory({ ...market, soFarCents: 3_333 }, { day: 3, daysInMonth: 31 })).toBe(
      34_441,
    )
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
      // A one-off sale: it must not be projected as if it came every 3 days.
      ['2026-11-03', 'income', 'vendas', 200_000],
      ['2026-11-02', 'expense', 'assinaturas', 5_000],
    ])
    await seed(otherLedger.ledgerId, other, [['2026-11-04', 'expense', 'mercado', 999_999]])
    const pool = server.database.pool
    // The streaming subscription was recorded by its recurring rule: fixed, not a pace.
    const { rows: rule } = await pool.query<{ id: number }>(
      `insert into recurring_entries (ledger_id, created_by, type, amount_cents, description,
         category, day_of_month, next_on, source)
       values ($1, $2, 'expense', 5000, 'streaming', 'assinaturas', 2, '2026-12-02', 'web'),
              ($1, $2, 'expense', 150000, 'aluguel', 'moradia', 15, '2026-11-15', 'web'),
              ($1, $2, 'income', 90000, 'aluguel recebido', 'outras_receitas', 8, '2026-12-08', 'web')
       returning id`,
      [ledgerId, owner],
    )
    await pool.query(
      `insert into recurring_occurrences (recurring_id, occurs_on, status, transaction_id)
       select $1, '2026-11-02', 'recorded', id from transactions
        where ledger_id = $2 and category = 'assinaturas'`,
      [rule[0]?.id, ledgerId],
    )
    await pool.query(
      `insert into bills (ledger_id, created_by, description, amount_cents, category, due_on, paid_on)
       values ($1, $2, 'luz', 18000, 'contas_casa', '2026-11-25', null),
              ($1, $2, 'água', 7000, 'contas_casa', '2026-11-08', '2026-11-08'),
              ($1, $2, 'seguro', 40000, 'outros', '2026-12-03', null),
              ($1, $2, 'gás', 9000, null, '2026-11-10', null)`,
      [ledgerId, owner],
    )
    await pool.query(
      `insert into bills (ledger_id, created_by, description, amount_cents, category, due_on)
       values ($1, $2, 'multa', 99999, 'outros', '2026-11-20')`,
      [otherLedger.ledgerId, other],
    )

    const a = await analyzeLedger(pool, {
      ledgerId,
      months: 12,
      today: '2026-11-10',
    })
    expect(a.months).toHaveLength(12)
    expect(a.months[0]?.month).toBe('2025-12')
    expect(a.months.at(-1)).toEqual({
      month: '2026-11',
      income_cents: 700_000,
      expense_cents: 30_000,
      balance_cents: 670_000,
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
    const row = (
      category: string,
      type: 'income' | 'expense',
      thisMonth: number,
      average: number,
      change: number | null,
      projected: number,
    ) => ({
      category,
      type,
      this_month_cents: thisMonth,
      average_3m_cents: average,
      change_pct: change,
      projected_cents: projected,
    })
    expect(a.categories).toEqual([
      row('mercado', 'expense', 15_000, 30_000, -50, 45_000),
      row('lazer', 'expense', 10_000, 0, null, 22_000),
      row('assinaturas', 'expense', 5_000, 0, null, 5_000),
      // The rent is not in yet: its recurring rule (due on the 15th) is what is projected.
      row('moradia', 'expense', 0, 150_000, -100, 150_000),
      // The unpaid light bill due on the 25th; the paid water bill is not counted again.
      row('contas_casa', 'expense', 0, 0, null, 18_000),
      // A bill without a category (due today, unpaid) counts as outros; December's does not.
      row('outros', 'expense', 0, 0, null, 9_000),
      row('salario', 'income', 500_000, 500_000, 0, 500_000),
      row('vendas', 'income', 200_000, 0, null, 200_000),
    ])
    expect(a.projection).toEqual({
      month: '2026-11',
      income_cents: 700_000,
      expense_cents: 249_000,
      balance_cents: 451_000,
      days_elapsed: 10,
      days_in_month: 30,
    })
    expect(a.movers.map((m) => m.category)).toEqual(['vendas', 'lazer', 'contas_casa'])
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
