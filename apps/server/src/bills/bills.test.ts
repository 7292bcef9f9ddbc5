import { billListSchema, billSchema } from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import { signedInUser, TestClient } from '../../test/auth-client.ts'
import { expectContract } from '../../test/contract.ts'
import { useTestServer } from '../../test/use-test-database.ts'

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

type User = Awaited<ReturnType<typeof signedInUser>>
async function user(plan = 'free'): Promise<User> {
  const u = await signedInUser(server)
  await server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    u.userId,
    plan,
  ])
  return u
}

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error

async function create(u: User, body: Record<string, unknown>) {
  const res = await u.client.post('/api/v1/bills', body)
  expect(res.status).toBe(201)
  return expectContract(billSchema, await res.json())
}

describe('/api/v1/bills', () => {
  it('answers 401 without a session', async () => {
    const anonymous = new TestClient(server)
    expect((await anonymous.request('/api/v1/bills')).status).toBe(401)
    expect((await anonymous.post('/api/v1/bills', {})).status).toBe(401)
  })

  it('creates, lists, edits and deletes a bill in the contract shape (free plan too)', async () => {
    const u = await user('free')
    const luz = await create(u, {
      description: 'Conta de luz',
      amount_cents: 18_000,
      category: 'contas_casa',
      due_on: '2026-12-10',
    })
    expect(luz).toEqual({
      id: expect.any(Number),
      description: 'Conta de luz',
      amount_cents: 18_000,
      category: 'contas_casa',
      due_on: '2026-12-10',
      recurrence: 'none',
      paid_on: null,
    })
    const internet = await create(u, {
      description: 'Internet',
      due_on: '2026-12-05',
      recurrence: 'monthly',
    })
    expect(internet).toMatchObject({ amount_cents: null, category: null, recurrence: 'monthly' })

    const list = expectContract(
      billListSchema,
      await (await u.client.request('/api/v1/bills')).json(),
    )
    expect(list.data.map((b) => b.description)).toEqual(['Internet', 'Conta de luz'])

    const edited = await u.client.request(`/api/v1/bills/${luz.id}`, {
      method: 'PATCH',
      json: { amount_cents: 19_990, due_on: '2026-12-11' },
    })
    expect(expectContract(billSchema, await edited.json())).toMatchObject({
      amount_cents: 19_990,
      due_on: '2026-12-11',
    })
    expect((await u.client.request(`/api/v1/bills/${luz.id}`, { method: 'DELETE' })).status).toBe(
      204,
    )
    expect((await u.client.request(`/api/v1/bills/${luz.id}`)).status).toBe(404)
  })

  it('paying a monthly bill keeps it listed with paid_on and adds next month, once', async () => {
    const u = await user('pf_simples')
    const aluguel = await create(u, {
      description: 'Condomínio',
      amount_cents: 60_000,
      category: 'moradia',
      due_on: '2027-01-31',
      recurrence: 'monthly',
    })
    const pay = () =>
      u.client.request(`/api/v1/bills/${aluguel.id}`, {
        method: 'PATCH',
        json: { paid_on: '2027-01-30', record_entry: true },
      })
    const paid = await pay()
    expect(paid.status).toBe(200)
    expect(expectContract(billSchema, await paid.json())).toMatchObject({ paid_on: '2027-01-30' })
    // Unpaid and paid again: no second next bill, no second entry.
    await u.client.request(`/api/v1/bills/${aluguel.id}`, {
      method: 'PATCH',
      json: { paid_on: null },
    })
    await pay()
    const list = expectContract(
      billListSchema,
      await (await u.client.request('/api/v1/bills')).json(),
    )
    expect(list.data.map((b) => [b.due_on, b.paid_on])).toEqual([
      ['2027-02-28', null],
      ['2027-01-31', '2027-01-30'],
    ])
    const entries = (await (await u.client.request('/api/v1/transactions')).json()) as {
      data: Array<{ amount_cents: number; occurred_on: string; category: string }>
    }
    expect(entries.data).toMatchObject([
      { amount_cents: 60_000, occurred_on: '2027-01-30', category: 'moradia' },
    ])
  })

  it.each([
    [{ description: '', due_on: '2026-12-10' }, 'Descrição é obrigatória'],
    [{ description: 'luz', due_on: '2026-02-30' }, 'Data inválida'],
    [{ description: 'luz', due_on: '2026-12-10', recurrence: 'weekly' }, 'Recorrência inválida'],
    [
      { description: 'luz', due_on: '2026-12-10', amount_cents: 0 },
      'Valor deve ser maior que zero',
    ],
    [{ description: 'luz', due_on: '2026-12-10', category: 'salario' }, 'Categoria inválida'],
  ])('refuses %j with a 400 in pt-BR', async (body, message) => {
    const u = await user()
    const res = await u.client.post('/api/v1/bills', body)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toEqual({ code: 'VALIDATION_ERROR', message })
  })

  it("never shows or changes another person's bill: 404", async () => {
    const ana = await user()
    const bia = await user()
    const anas = await create(ana, { description: 'da Ana', due_on: '2026-12-10' })
    const path = `/api/v1/bills/${anas.id}`
    expect((await bia.client.request(path)).status).toBe(404)
    const patched = await bia.client.request(path, { method: 'PATCH', json: { amount_cents: 1 } })
    expect(await errorOf(patched)).toEqual({ code: 'NOT_FOUND', message: 'Conta não encontrada.' })
    expect((await bia.client.request(path, { method: 'DELETE' })).status).toBe(404)
    expect((await bia.client.request('/api/v1/bills/abc')).status).toBe(404)
    const own = await ana.client.request(path)
    expect(own.status).toBe(200)
    expect(expectContract(billSchema, await own.json())).toEqual(anas)
  })
})
