import {
  categoryListSchema,
  customCategorySchema,
  transactionSchema,
  transactionTotalsSchema,
} from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import { signedInUser } from '../../../test/auth-client.ts'
import { expectContract } from '../../../test/contract.ts'
import { useTestServer } from '../../../test/use-test-database.ts'

/*
 * Issue 26: categories of one's own, per ledger (migration 026, ADR 026) — create, rename, an
 * emoji, delete (entries stay, in the default category), used by entries and the filters.
 */

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

type User = Awaited<ReturnType<typeof signedInUser>>

const patch = (u: User, path: string, json: unknown) =>
  u.client.request(path, { method: 'PATCH', json })

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error

async function create(u: User, body: Record<string, unknown>) {
  const res = await u.client.post('/api/v1/categories', body)
  expect(res.status, JSON.stringify(body)).toBe(201)
  return expectContract(customCategorySchema, await res.json())
}

async function categories(u: User) {
  const res = await u.client.request('/api/v1/categories')
  expect(res.status).toBe(200)
  return expectContract(categoryListSchema, await res.json())
}

async function entry(u: User, body: Record<string, unknown>) {
  return u.client.post('/api/v1/transactions', {
    type: 'expense',
    amount_cents: 8000,
    description: 'Pet shop',
    category: 'outros',
    occurred_on: '2026-11-10',
    ...body,
  })
}

describe('/api/v1/categories', () => {
  it('lists the default categories, which stay, and none of ones own at first', async () => {
    const u = await signedInUser(server)
    const list = await categories(u)
    expect(list.custom).toEqual([])
    expect(list.defaults).toHaveLength(20)
    expect(list.defaults).toContainEqual({ category: 'pets', name: 'Pets', type: 'expense' })
  })

  it('creates, renames, changes the emoji and deletes; entries keep their default category', async () => {
    const u = await signedInUser(server)
    const dog = await create(u, { name: '  Cachorro ', emoji: '🐶', category: 'pets' })
    expect(dog).toMatchObject({ name: 'Cachorro', emoji: '🐶', category: 'pets', type: 'expense' })
    const party = await create(u, { name: 'Festa junina' })
    expect(party).toMatchObject({ emoji: null, category: 'outros', type: 'expense' })
    const gig = await create(u, { name: 'Bolos por encomenda', type: 'income', emoji: '🎂' })
    expect(gig).toMatchObject({ category: 'outras_receitas', type: 'income' })

    // An entry in it counts in its default category, whatever `category` said.
    const res = await entry(u, { custom_category_id: dog.id, category: 'outros' })
    expect(res.status).toBe(201)
    const recorded = expectContract(transactionSchema, await res.json())
    expect(recorded.category).toBe('pets')
    expect(recorded.custom_category).toEqual({ id: dog.id, name: 'Cachorro', emoji: '🐶' })
    expect((await entry(u, { description: 'Ração', category: 'pets' })).status).toBe(201)

    // The filters: the custom category alone, or its default category (both entries).
    const only = await u.client.request(`/api/v1/transactions?custom_category_id=${dog.id}`)
    expect(((await only.json()) as { data: unknown[] }).data).toHaveLength(1)
    const totals = expectContract(
      transactionTotalsSchema,
      await (
        await u.client.request(`/api/v1/transactions/totals?custom_category_id=${dog.id}`)
      ).json(),
    )
    expect(totals).toMatchObject({ expense_cents: 8000, count: 1 })
    const pets = await u.client.request('/api/v1/transactions/totals?category=pets')
    expect(((await pets.json()) as { expense_cents: number }).expense_cents).toBe(16000)

    // Rename and a new emoji: the entry shows them.
    const renamed = await patch(u, `/api/v1/categories/${dog.id}`, {
      name: 'Cachorros',
      emoji: '🐕',
    })
    expect(renamed.status).toBe(200)
    expect(await renamed.json()).toMatchObject({ name: 'Cachorros', emoji: '🐕', entries: 1 })
    const shown = await u.client.request(`/api/v1/transactions/${recorded.id}`)
    expect(((await shown.json()) as { custom_category: unknown }).custom_category).toEqual({
      id: dog.id,
      name: 'Cachorros',
      emoji: '🐕',
    })
    const noEmoji = await patch(u, `/api/v1/categories/${party.id}`, { emoji: null })
    expect(await noEmoji.json()).toMatchObject({ name: 'Festa junina', emoji: null })
    expect((await categories(u)).custom.map((c) => c.name)).toEqual([
      'Bolos por encomenda',
      'Cachorros',
      'Festa junina',
    ])

    // Deleting it: the entry stays, in Pets, with no custom category.
    const deleted = await u.client.request(`/api/v1/categories/${dog.id}`, { method: 'DELETE' })
    expect(deleted.status).toBe(204)
    const after = await u.client.request(`/api/v1/transactions/${recorded.id}`)
    expect(after.status).toBe(200)
    expect(await after.json()).toMatchObject({ category: 'pets', custom_category: null })
    const still = await u.client.request('/api/v1/transactions/totals?category=pets')
    expect(((await still.json()) as { expense_cents: number }).expense_cents).toBe(16000)
    expect(
      (await u.client.request(`/api/v1/categories/${dog.id}`, { method: 'DELETE' })).status,
    ).toBe(404)
  })

  it('edits an entry into and out of a custom category', async () => {
    const u = await signedInUser(server)
    const dog = await create(u, { name: 'Cachorro', category: 'pets' })
    const res = await entry(u, {})
    const { id } = (await res.json()) as { id: number }
    const into = await patch(u, `/api/v1/transactions/${id}`, { custom_category_id: dog.id })
    expect(await into.json()).toMatchObject({ category: 'pets', custom_category: { id: dog.id } })
    const out = await patch(u, `/api/v1/transactions/${id}`, { category: 'lazer' })
    expect(await out.json()).toMatchObject({ category: 'lazer', custom_category: null })
    const income = await patch(u, `/api/v1/transactions/${id}`, {
      type: 'income',
      category: 'vendas',
      custom_category_id: dog.id,
    })
    expect(income.status).toBe(400)
  })

  it('refuses bad names and emojis, taken names and the other type with 4xx', async () => {
    const u = await signedInUser(server)
    await create(u, { name: 'Cachorro' })
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(41) },
      { name: '123' },
      { name: 'Saúde' },
      { name: 'mercado' },
      { name: 'Gato', emoji: 'abc' },
      { name: 'Gato', emoji: '🐱🐱🐱🐱🐱🐱🐱🐱🐱' },
      { name: 'Gato', type: 'income', category: 'pets' },
      { name: 'Gato', category: 'bichos' },
      { name: 'Ga\u0007to' },
    ]) {
      const res = await u.client.post('/api/v1/categories', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect((await errorOf(res)).code).toBe('VALIDATION_ERROR')
    }
    const taken = await u.client.post('/api/v1/categories', { name: 'CACHORRO' })
    expect(taken.status).toBe(409)
    expect(await errorOf(taken)).toEqual({
      code: 'CATEGORY_NAME_TAKEN',
      message: 'Já existe uma categoria com esse nome.',
    })
    const income = await create(u, { name: 'Bicos', type: 'income' })
    const wrongType = await entry(u, { custom_category_id: income.id })
    expect(wrongType.status).toBe(400)
    expect((await entry(u, { custom_category_id: 999999999 })).status).toBe(400)
    expect((await patch(u, '/api/v1/categories/abc', { name: 'X y' })).status).toBe(404)
    expect((await patch(u, `/api/v1/categories/${income.id}`, {})).status).toBe(400)
  })

  it("never shows or changes another ledger's categories, nor lets an entry use one", async () => {
    const owner = await signedInUser(server)
    const stranger = await signedInUser(server)
    const dog = await create(owner, { name: 'Cachorro', category: 'pets' })
    expect((await categories(stranger)).custom).toEqual([])
    expect((await patch(stranger, `/api/v1/categories/${dog.id}`, { name: 'Meu' })).status).toBe(
      404,
    )
    expect(
      (await stranger.client.request(`/api/v1/categories/${dog.id}`, { method: 'DELETE' })).status,
    ).toBe(404)
    expect((await entry(stranger, { custom_category_id: dog.id })).status).toBe(400)
    expect((await categories(owner)).custom).toHaveLength(1)
  })
})
