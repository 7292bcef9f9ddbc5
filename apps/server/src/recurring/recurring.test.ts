import { type Recurring, recurringListSchema, recurringSchema } from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import { signedInUser, TestClient } from '../../test/auth-client.ts'
import { expectContract } from '../../test/contract.ts'
import { useTestServer } from '../../test/use-test-database.ts'

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

const salary = {
  type: 'income',
  amount_cents: 450_000,
  description: 'Salário',
  category: 'salario',
  day_of_month: 5,
}

describe('/api/v1/recurring', () => {
  it('answers 401 without a session', async () => {
    expect((await new TestClient(server).request('/api/v1/recurring')).status).toBe(401)
  })

  it('creates, lists and cancels, for every plan', async () => {
    const { client } = await signedInUser(server)
    const res = await client.post('/api/v1/recurring', salary)
    expect(res.status).toBe(201)
    const created = expectContract(recurringSchema, await res.json())
    expect(created).toEqual({
      id: expect.any(Number),
      ...salary,
      next_on: expect.stringMatching(/^\d{4}-\d{2}-05$/),
      last_refused_on: null,
    })
    const list = expectContract(
      recurringListSchema,
      await (await client.request('/api/v1/recurring')).json(),
    )
    expect(list.data).toEqual([created])
    const gone = await client.request(`/api/v1/recurring/${created.id}`, { method: 'DELETE' })
    expect(gone.status).toBe(204)
    const after = (await (await client.request('/api/v1/recurring')).json()) as { data: unknown[] }
    expect(after.data).toEqual([])
    expect(
      (await client.request(`/api/v1/recurring/${created.id}`, { method: 'DELETE' })).status,
    ).toBe(404)
  })

  it.each([
    [{ day_of_month: 0 }, 'Dia deve ser entre 1 e 31'],
    [{ day_of_month: 32 }, 'Dia deve ser entre 1 e 31'],
    [{ day_of_month: 1.5 }, 'Dia inválido'],
    [{ category: 'mercado' }, 'Categoria não corresponde ao tipo do lançamento'],
    [{ amount_cents: -1 }, 'Valor deve ser maior que zero'],
  ])('refuses %j with a 400 in pt-BR', async (over, message) => {
    const { client } = await signedInUser(server)
    const res = await client.post('/api/v1/recurring', { ...salary, ...over })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message } })
  })

  it("cannot cancel another person's: 404", async () => {
    const ana = await signedInUser(server)
    const bia = await signedInUser(server)
    const created = (await (await ana.client.post('/api/v1/recurring', salary)).json()) as Recurring
    const res = await bia.client.request(`/api/v1/recurring/${created.id}`, { method: 'DELETE' })
    expect(res.status).toBe(404)
    const list = (await (await ana.client.request('/api/v1/recurring')).json()) as {
      data: unknown[]
    }
    expect(list.data).toHaveLength(1)
  })
})
