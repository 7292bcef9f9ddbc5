import { randomBytes } from 'node:crypto'
import {
  type TransactionPage,
  transactionPageSchema,
  transactionTotalsSchema,
} from '@equilibrai/shared'
import { beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../../test/auth-client.ts'
import { expectContract } from '../../test/contract.ts'
import { hashToken } from '../teams/team-service.ts'
import { useTestServer } from '../../test/use-test-database.ts'

/*
 * Issue 26: the list's filters (text, type, category, account, person, amount range, dates)
 * and the totals of the same filtered set, GET /api/v1/transactions/totals.
 */

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

type User = Awaited<ReturnType<typeof signedInUser>>

async function onPlan(plan: string): Promise<User> {
  const u = await signedInUser(server)
  await server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    u.userId,
    plan,
  ])
  return u
}

async function join(owner: User, member: User) {
  expect((await owner.client.post('/api/team/invitations', { email: member.email })).status).toBe(
    201,
  )
  const token = randomBytes(32).toString('base64url')
  await server.database.pool.query(
    'update team_invitations set token_hash = $2 where email = $1 and accepted_at is null',
    [member.email, hashToken(token)],
  )
  expect((await member.client.post(`/api/team/invitations/${token}/accept`, {})).status).toBe(200)
}

async function record(u: User, entry: Record<string, unknown>) {
  const res = await u.client.post('/api/v1/transactions', {
    type: 'expense',
    category: 'outros',
    occurred_on: '2026-11-10',
    ...entry,
  })
  expect(res.status).toBe(201)
}

async function list(u: User, query: string) {
  const res = await u.client.request(`/api/v1/transactions?${query}`)
  expect(res.status).toBe(200)
  const page: TransactionPage = expectContract(transactionPageSchema, await res.json())
  return page.data.map((t) => t.description).sort((a, b) => a.localeCompare(b, 'pt-BR'))
}

async function totals(u: User, query: string) {
  const res = await u.client.request(`/api/v1/transactions/totals?${query}`)
  expect(res.status).toBe(200)
  return expectContract(transactionTotalsSchema, await res.json())
}

describe('filters and their totals', () => {
  let owner: User
  let partner: User
  let card: number
  const nov = 'from=2026-11-01&to=2026-11-30'

  beforeAll(async () => {
    owner = await onPlan('empresas_2')
    partner = await signedInUser(server)
    await join(owner, partner)
    const created = await owner.client.post('/api/v1/accounts', {
      name: 'Cartão Roxo',
      kind: 'credit_card',
      closing_day: 3,
      due_day: 10,
    })
    expect(created.status).toBe(201)
    card = ((await created.json()) as { id: number }).id
    await record(owner, {
      amount_cents: 300000,
      description: 'Salário',
      type: 'income',
      category: 'salario',
    })
    await record(owner, {
      amount_cents: 1250,
      description: 'Café da manhã',
      category: 'alimentacao',
    })
    await record(owner, {
      amount_cents: 8990,
      description: 'Farmácia 50% off',
      category: 'saude',
      account_id: card,
    })
    await record(partner, { amount_cents: 2300, description: 'Cafezinho', category: 'alimentacao' })
    await record(partner, {
      amount_cents: 50000,
      description: 'Venda de bolo',
      type: 'income',
      category: 'vendas',
    })
    await record(partner, {
      amount_cents: 7000,
      description: 'Mercado',
      category: 'mercado',
      occurred_on: '2026-10-31',
    })
  })

  it('totals the whole period like the list, and follow the person filter', async () => {
    expect(await totals(owner, nov)).toMatchObject({
      income_cents: 350000,
      expense_cents: 12540,
      balance_cents: 337460,
      count: 5,
    })
    expect(await list(partner, `${nov}&member=${partner.userId}`)).toEqual([
      'Cafezinho',
      'Venda de bolo',
    ])
    expect(await totals(partner, `${nov}&member=${partner.userId}`)).toEqual({
      income_cents: 50000,
      expense_cents: 2300,
      balance_cents: 47700,
      count: 2,
      by_category: [
        { category: 'vendas', type: 'income', total_cents: 50000, count: 1 },
        { category: 'alimentacao', type: 'expense', total_cents: 2300, count: 1 },
      ],
    })
  })

  it('finds words of the description without case or accents, and % literally', async () => {
    expect(await list(owner, `${nov}&q=CAFE`)).toEqual(['Café da manhã', 'Cafezinho'])
    expect((await totals(owner, `${nov}&q=café`)).expense_cents).toBe(3550)
    expect(await list(owner, `${nov}&q=50%25`)).toEqual(['Farmácia 50% off'])
    expect(await list(owner, `${nov}&q=5_%25`)).toEqual([])
  })

  it('narrows by type, category, account, amount range and dates, together', async () => {
    expect(await list(owner, `${nov}&type=income`)).toEqual(['Salário', 'Venda de bolo'])
    expect(await list(owner, `${nov}&category=alimentacao`)).toEqual(['Café da manhã', 'Cafezinho'])
    expect(await list(owner, `account_id=${card}`)).toEqual(['Farmácia 50% off'])
    expect((await totals(owner, `account_id=${card}`)).expense_cents).toBe(8990)
    expect(await list(owner, 'min_cents=2300&max_cents=8990')).toEqual([
      'Cafezinho',
      'Farmácia 50% off',
      'Mercado',
    ])
    expect(await list(owner, 'from=2026-10-01&to=2026-10-31')).toEqual(['Mercado'])
    const narrow = `${nov}&type=expense&min_cents=2000&q=caf&member=${partner.userId}`
    expect(await list(owner, narrow)).toEqual(['Cafezinho'])
    expect(await totals(owner, narrow)).toMatchObject({ expense_cents: 2300, count: 1 })
  })

  it("never sums another ledger's entries", async () => {
    const stranger = await onPlan('pf_simples')
    expect(await totals(stranger, '')).toMatchObject({
      income_cents: 0,
      expense_cents: 0,
      count: 0,
    })
    expect(await list(stranger, `member=${owner.userId}`)).toEqual([])
  })

  it('answers bad filters with 400 in the error shape', async () => {
    for (const query of [
      'min_cents=abc',
      'min_cents=-5',
      'max_cents=1.5',
      'min_cents=500&max_cents=100',
      'type=gasto',
      'category=nada',
      `q=${'x'.repeat(101)}`,
      'q=%20',
      'from=2026-11-30&to=2026-11-01',
    ]) {
      for (const path of ['/api/v1/transactions', '/api/v1/transactions/totals']) {
        const res = await owner.client.request(`${path}?${query}`)
        expect(res.status, `${path}?${query}`).toBe(400)
        const body = (await res.json()) as { error: { code: string; message: string } }
        expect(body.error.message).toMatch(/inválid|vazia|máximo|maior/)
      }
    }
  })
})
