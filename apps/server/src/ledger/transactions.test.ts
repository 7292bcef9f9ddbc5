import {
  entryUsageSchema,
  monthSummarySchema,
  type Transaction,
  type TransactionPage,
  transactionPageSchema,
  transactionSchema,
} from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import { signedInUser, TestClient } from '../../test/auth-client.ts'
import { expectContract } from '../../test/contract.ts'
import { useTestServer } from '../../test/use-test-database.ts'

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

type User = Awaited<ReturnType<typeof signedInUser>>

async function user(plan = 'pf_simples'): Promise<User> {
  const u = await signedInUser(server)
  await server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    u.userId,
    plan,
  ])
  return u
}

const entry = (over: Record<string, unknown> = {}) => ({
  type: 'expense',
  amount_cents: 4590,
  description: 'Mercado do mês',
  category: 'mercado',
  occurred_on: '2026-11-10',
  ...over,
})

async function create(u: User, over: Record<string, unknown> = {}) {
  const res = await u.client.post('/api/v1/transactions', entry(over))
  expect(res.status).toBe(201)
  return expectContract(transactionSchema, await res.json())
}

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error

describe('/api/v1/transactions', () => {
  it('answers 401 without a session', async () => {
    const anonymous = new TestClient(server)
    expect((await anonymous.request('/api/v1/transactions')).status).toBe(401)
    expect((await anonymous.post('/api/v1/transactions', entry())).status).toBe(401)
    expect((await anonymous.request('/api/v1/summary')).status).toBe(401)
    expect((await anonymous.request('/api/v1/transactions/1', { method: 'DELETE' })).status).toBe(
      401,
    )
  })

  it('records an entry from the web and returns it in the contract shape', async () => {
    const u = await user()
    const created = await create(u)
    expect(created).toEqual({
      id: expect.any(Number),
      type: 'expense',
      amount_cents: 4590,
      description: 'Mercado do mês',
      category: 'mercado',
      occurred_on: '2026-11-10',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      source: 'web',
      created_by: { id: u.userId, name: 'Maria da Silva' },
      account_id: expect.any(Number),
      custom_category: null,
    })
    const res = await u.client.request(`/api/v1/transactions/${created.id}`)
    expect(await res.json()).toEqual(created)
  })

  it.each([
    [{ amount_cents: 0 }, 'Valor deve ser maior que zero'],
    [{ amount_cents: -5 }, 'Valor deve ser maior que zero'],
    [{ amount_cents: 100_000_001 }, 'Valor máximo por lançamento é R$ 1.000.000,00'],
    [{ amount_cents: 45.9 }, 'Valor deve ser em centavos'],
    [{ amount_cents: '4590' }, 'Valor inválido'],
    [{ category: 'bebidas' }, 'Categoria inválida'],
    [{ category: 'salario' }, 'Categoria não corresponde ao tipo do lançamento'],
    [{ type: 'transfer' }, 'Tipo inválido'],
    [{ occurred_on: '2026-02-30' }, 'Data inválida'],
    [{ occurred_on: '10/11/2026' }, 'Data inválida'],
    [{ occurred_on: undefined }, 'Data inválida'],
    [{ description: '   ' }, 'Descrição é obrigatória'],
    [{ description: 'x'.repeat(201) }, 'Descrição deve ter no máximo 200 caracteres'],
  ])('refuses %j with a 400 in pt-BR', async (over, message) => {
    const u = await user()
    const res = await u.client.post('/api/v1/transactions', entry(over))
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toEqual({ code: 'VALIDATION_ERROR', message })
  })

  it('accepts the largest entry and a 200-character description', async () => {
    const u = await user()
    const created = await create(u, { amount_cents: 100_000_000, description: 'y'.repeat(200) })
    expect(created.amount_cents).toBe(100_000_000)
  })

  it('answers malformed JSON with 400, never 500', async () => {
    const u = await user()
    const res = await u.client.request('/api/v1/transactions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
    const bad = await fetch(`${server.url}/api/v1/transactions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: u.client.cookieHeader(),
        origin: server.url,
        'x-forwarded-for': u.client.ip,
      },
      body: '{"type": "expense", ',
    })
    expect(bad.status).toBe(400)
    expect((await errorOf(bad)).code).toBe('INVALID_JSON')
  })

  it('lists newest first, pages with an opaque cursor, and filters by date', async () => {
    const u = await user()
    const days = [
      '2026-10-31',
      '2026-11-01',
      '2026-11-03',
      '2026-11-03',
      '2026-11-02',
      '2026-12-01',
    ]
    const made: Transaction[] = []
    for (const [i, day] of days.entries())
      made.push(await create(u, { occurred_on: day, description: `e${i}` }))

    const seen: string[] = []
    let url = '/api/v1/transactions?from=2026-11-01&to=2026-11-30&limit=2'
    for (let pages = 0; pages < 10; pages++) {
      const res = await u.client.request(url)
      expect(res.status).toBe(200)
      const page = expectContract(transactionPageSchema, await res.json())
      expect(page.data.length).toBeLessThanOrEqual(2)
      seen.push(...page.data.map((t) => t.description))
      if (!page.next_cursor) break
      url = `/api/v1/transactions?from=2026-11-01&to=2026-11-30&limit=2&cursor=${encodeURIComponent(page.next_cursor)}`
    }
    expect(seen).toEqual(['e3', 'e2', 'e4', 'e1'])

    const all = (await (await u.client.request('/api/v1/transactions')).json()) as TransactionPage
    expect(all.data.map((t) => t.description)).toEqual(['e5', 'e3', 'e2', 'e4', 'e1', 'e0'])
    expect(all.next_cursor).toBeNull()
    expect(made).toHaveLength(6)
  })

  it.each([
    ['cursor=nada', 'Cursor inválido'],
    ['limit=0', 'Limite inválido'],
    ['limit=201', 'Limite máximo é 200'],
    ['limit=abc', 'Limite inválido'],
    ['from=2026-13-01', 'Data inválida'],
    ['from=2026-11-10&to=2026-11-01', 'Período inválido'],
  ])('refuses ?%s with a 400', async (query, message) => {
    const u = await user()
    const res = await u.client.request(`/api/v1/transactions?${query}`)
    expect(res.status).toBe(400)
    expect((await errorOf(res)).message).toBe(message)
  })

  it('edits an entry, keeping type and category in agreement', async () => {
    const u = await user()
    const created = await create(u)
    const patch = (body: unknown) =>
      u.client.request(`/api/v1/transactions/${created.id}`, { method: 'PATCH', json: body })

    const res = await patch({ amount_cents: 5500, description: 'Mercado (corrigido)' })
    expect(res.status).toBe(200)
    expect(expectContract(transactionSchema, await res.json())).toMatchObject({
      id: created.id,
      amount_cents: 5500,
      description: 'Mercado (corrigido)',
      category: 'mercado',
    })
    const mismatch = await patch({ category: 'salario' })
    expect(mismatch.status).toBe(400)
    expect((await errorOf(mismatch)).message).toBe(
      'Categoria não corresponde ao tipo do lançamento',
    )
    const both = await patch({ type: 'income', category: 'salario' })
    expect(await both.json()).toMatchObject({ type: 'income', category: 'salario' })
    expect((await patch({})).status).toBe(400)
    expect((await patch({ amount_cents: 0 })).status).toBe(400)
  })

  it("never shows or changes another person's entries: 404", async () => {
    const ana = await user()
    const bia = await user()
    const anas = await create(ana, { description: 'da Ana' })
    const path = `/api/v1/transactions/${anas.id}`
    expect((await bia.client.request(path)).status).toBe(404)
    const patched = await bia.client.request(path, { method: 'PATCH', json: { amount_cents: 1 } })
    expect(patched.status).toBe(404)
    expect(await errorOf(patched)).toEqual({
      code: 'NOT_FOUND',
      message: 'Lançamento não encontrado.',
    })
    expect((await bia.client.request(path, { method: 'DELETE' })).status).toBe(404)
    const biasList = (await (
      await bia.client.request('/api/v1/transactions')
    ).json()) as TransactionPage
    expect(biasList.data).toEqual([])
    // Ana's entry is untouched.
    expect(await (await ana.client.request(path)).json()).toEqual(anas)
  })

  it.each([
    'abc',
    '0',
    '-1',
    '1.5',
    '99999999999999999999',
    '1e3',
  ])('answers 404 for the malformed id %s', async (id) => {
    const u = await user()
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const res = await u.client.request(`/api/v1/transactions/${id}`, {
        method,
        json: method === 'PATCH' ? { amount_cents: 1 } : undefined,
      })
      expect(res.status).toBe(404)
    }
  })

  it('deletes an entry: 204, then 404', async () => {
    const u = await user()
    const created = await create(u)
    const path = `/api/v1/transactions/${created.id}`
    expect((await u.client.request(path, { method: 'DELETE' })).status).toBe(204)
    expect((await u.client.request(path, { method: 'DELETE' })).status).toBe(404)
    expect((await u.client.request(path)).status).toBe(404)
  })
})

describe('the free plan on the API', () => {
  it('refuses the sixth entry of the month with 403 and counts deletions back', async () => {
    const u = await user('free')
    const made: Transaction[] = []
    for (let i = 0; i < 5; i++) made.push(await create(u))
    const usage = expectContract(
      entryUsageSchema,
      await (await u.client.request('/api/v1/usage')).json(),
    )
    expect(usage).toMatchObject({ used: 5, limit: 5, plan_type: 'free', plan_name: 'Gratuito' })

    const sixth = await u.client.post('/api/v1/transactions', entry())
    expect(sixth.status).toBe(403)
    const error = await errorOf(sixth)
    expect(error.code).toBe('MONTHLY_LIMIT_REACHED')
    expect(error.message).toMatch(/limite de 5 lançamentos por mês do plano Gratuito/)

    const first = made[0] as Transaction
    await u.client.request(`/api/v1/transactions/${first.id}`, { method: 'DELETE' })
    expect(await (await u.client.request('/api/v1/usage')).json()).toMatchObject({ used: 4 })
    await create(u)
    const { rows } = await server.database.pool.query(
      'select monthly_transactions from subscribers where user_id = $1',
      [u.userId],
    )
    expect(rows[0]).toEqual({ monthly_transactions: 5 })
  })

  it('lets exactly 5 of 20 simultaneous requests through', async () => {
    const u = await user('free')
    const statuses = await Promise.all(
      Array.from(
        { length: 20 },
        async () => (await u.client.post('/api/v1/transactions', entry())).status,
      ),
    )
    expect(statuses.filter((s) => s === 201)).toHaveLength(5)
    expect(statuses.filter((s) => s === 403)).toHaveLength(15)
    const page = (await (await u.client.request('/api/v1/transactions')).json()) as TransactionPage
    expect(page.data).toHaveLength(5)
  })

  it('does not limit paid plans (but still counts)', async () => {
    const u = await user('pf_simples')
    for (let i = 0; i < 7; i++) await create(u)
    expect(await (await u.client.request('/api/v1/usage')).json()).toMatchObject({
      used: 7,
      limit: -1,
    })
  })
})

describe('/api/v1/summary', () => {
  it("sums the month by category, in the caller's ledger only", async () => {
    const u = await user()
    const other = await user()
    await create(u, { amount_cents: 1000 })
    await create(u, { amount_cents: 2000 })
    await create(u, { amount_cents: 3000, category: 'lazer', description: 'cinema' })
    await create(u, {
      type: 'income',
      category: 'salario',
      amount_cents: 500000,
      description: 'salário',
    })
    await create(u, { occurred_on: '2026-12-01', amount_cents: 7 })
    await create(other, { amount_cents: 99999 })
    const res = await u.client.request('/api/v1/summary?month=2026-11')
    expect(res.status).toBe(200)
    expect(expectContract(monthSummarySchema, await res.json())).toEqual({
      month: '2026-11',
      income_cents: 500000,
      expense_cents: 6000,
      balance_cents: 494000,
      by_category: [
        { category: 'salario', type: 'income', total_cents: 500000, count: 1 },
        // Equal totals: by slug.
        { category: 'lazer', type: 'expense', total_cents: 3000, count: 1 },
        { category: 'mercado', type: 'expense', total_cents: 3000, count: 2 },
      ],
    })
    const empty = expectContract(
      monthSummarySchema,
      await (await u.client.request('/api/v1/summary?month=2020-01')).json(),
    )
    expect(empty).toEqual({
      month: '2020-01',
      income_cents: 0,
      expense_cents: 0,
      balance_cents: 0,
      by_category: [],
    })
  })

  it('defaults to the current São Paulo month and refuses a bad one', async () => {
    const u = await user()
    const current = expectContract(
      monthSummarySchema,
      await (await u.client.request('/api/v1/summary')).json(),
    )
    expect(current.month).toMatch(/^\d{4}-\d{2}$/)
    for (const bad of ['2026-13', '2026-1', 'novembro', '2026-11-01']) {
      const res = await u.client.request(`/api/v1/summary?month=${bad}`)
      expect(res.status).toBe(400)
      expect((await errorOf(res)).message).toBe('Mês inválido')
    }
  })
})
