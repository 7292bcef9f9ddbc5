import {
  alertPageSchema,
  budgetListSchema,
  budgetSchema,
  saoPauloDate,
  saoPauloMonth,
} from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import { signedInUser } from '../../test/auth-client.ts'
import { expectContract } from '../../test/contract.ts'
import { useTestServer } from '../../test/use-test-database.ts'

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

async function user(plan: string) {
  const u = await signedInUser(server)
  await server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    u.userId,
    plan,
  ])
  return u
}

const month = saoPauloMonth(new Date())
const today = saoPauloDate(new Date())

describe('/api/v1/budgets and /api/v1/alerts', () => {
  it('are refused with FEATURE_NOT_IN_PLAN on the free plan', async () => {
    const { client } = await user('free')
    for (const [path, method, json] of [
      ['/api/v1/budgets', 'GET', undefined],
      ['/api/v1/budgets/mercado', 'PUT', { limit_cents: 80_000 }],
      ['/api/v1/budgets/mercado', 'DELETE', undefined],
      ['/api/v1/alerts', 'GET', undefined],
    ] as const) {
      const res = await client.request(path, { method, json })
      expect(res.status).toBe(403)
      const body = (await res.json()) as { error: { code: string; message: string } }
      expect(body.error.code).toBe('FEATURE_NOT_IN_PLAN')
      expect(body.error.message).toContain('Pessoa Física')
    }
  })

  it('sets a budget, shows its progress, alerts at 80 % and lists the alert', async () => {
    const { client } = await user('pf_simples')
    const put = await client.request('/api/v1/budgets/mercado', {
      method: 'PUT',
      json: { limit_cents: 80_000 },
    })
    expect(put.status).toBe(200)
    expect(expectContract(budgetSchema, await put.json())).toEqual({
      category: 'mercado',
      limit_cents: 80_000,
      spent_cents: 0,
      percent: 0,
    })
    const entry = {
      type: 'expense',
      amount_cents: 65_000,
      description: 'Compra do mês',
      category: 'mercado',
      occurred_on: today,
    }
    expect((await client.post('/api/v1/transactions', entry)).status).toBe(201)
    const list = expectContract(
      budgetListSchema,
      await (await client.request(`/api/v1/budgets?month=${month}`)).json(),
    )
    expect(list).toEqual({
      month,
      data: [{ category: 'mercado', limit_cents: 80_000, spent_cents: 65_000, percent: 81 }],
    })
    const alerts = expectContract(
      alertPageSchema,
      await (await client.request('/api/v1/alerts')).json(),
    )
    expect(alerts.data).toEqual([
      {
        id: expect.any(Number),
        kind: 'budget_80',
        category: 'mercado',
        text: expect.stringContaining('81% do orçamento de *Mercado*'),
        created_at: expect.stringMatching(/^\d{4}-/),
      },
    ])
    // Removed from this month on: gone from the list; a second removal is a 404.
    const del = await client.request('/api/v1/budgets/mercado', { method: 'DELETE' })
    expect(del.status).toBe(204)
    const after = expectContract(
      budgetListSchema,
      await (await client.request('/api/v1/budgets')).json(),
    )
    expect(after.data).toEqual([])
    expect((await client.request('/api/v1/budgets/mercado', { method: 'DELETE' })).status).toBe(404)
  })

  it.each([
    ['/api/v1/budgets/salario', { limit_cents: 100 }, 'Categoria inválida'],
    ['/api/v1/budgets/nada', { limit_cents: 100 }, 'Categoria inválida'],
    ['/api/v1/budgets/mercado', { limit_cents: 0 }, 'Valor deve ser maior que zero'],
    ['/api/v1/budgets/mercado', {}, 'Valor inválido'],
  ])('PUT %s %j is a 400 in pt-BR', async (path, json, message) => {
    const { client } = await user('pf_simples')
    const res = await client.request(path, { method: 'PUT', json })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message } })
  })

  it('refuses a bad month', async () => {
    const { client } = await user('pf_simples')
    const res = await client.request('/api/v1/budgets?month=2026-13')
    expect(res.status).toBe(400)
  })
})
