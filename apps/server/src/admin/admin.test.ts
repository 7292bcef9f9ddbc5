import type { AdminStats, AdminUser, AdminUsersPage } from '@equilibrai/shared'
import { beforeAll, describe, expect, it } from 'vitest'
import { insertPeople, seedPeople } from '../../test/admin-fixtures.ts'
import { signedInUser, type TestClient } from '../../test/auth-client.ts'
import { setAdmin } from '../app/cli/commands/accounts.ts'
import { useTestServer } from '../../test/use-test-database.ts'

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })
let admin: TestClient
let adminId: string

beforeAll(async () => {
  const signed = await signedInUser(server, { name: 'Ana Admin' })
  admin = signed.client
  adminId = signed.userId
  await setAdmin(server.database.pool, signed.email, true)
})

async function getJson<T>(path: string): Promise<T> {
  const res = await admin.request(path)
  expect(res.status, `${path}: ${res.status}`).toBe(200)
  return (await res.json()) as T
}

const usersPage = (query = '') => getJson<AdminUsersPage>(`/api/admin/users${query}`)

/** Every page of the list, following next_cursor. */
async function allUsers(query: Record<string, string>): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const params = new URLSearchParams(query)
    if (cursor) params.set('cursor', cursor)
    const page = await usersPage(`?${params}`)
    ids.push(...page.data.map((u) => u.id))
    cursor = page.next_cursor
    pages++
  } while (cursor && pages < 1000)
  return { ids, pages }
}

// A known set, on top of the admin who signed up: 5 people, 2 of them paying.
const KNOWN = [
  { id: 'k1', name: 'João Álvares', email: 'joao@exemplo.com.br', plan_type: 'pf_simples' },
  { id: 'k2', name: 'Maria 100% Silva', email: 'maria_s@exemplo.com.br', plan_type: 'free' },
  { id: 'k3', name: 'JOSÉ Pereira', email: 'jose@empresa.com.br', plan_type: 'empresas_2' },
  {
    id: 'k4',
    name: 'Beatriz Lima',
    email: 'bia@exemplo.com.br',
    plan_type: 'free',
    subscription_status: 'canceled',
  },
  { id: 'k5', name: 'Mariana Souza', email: 'mari@exemplo.com.br', phone: '11999990000' },
].map((p, i) => ({ ...p, created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() }))

describe('GET /api/admin/users, /subscribers and /stats for a known set of users', () => {
  beforeAll(() => insertPeople(server.database.pool, KNOWN))

  it('lists profiles with their subscription, newest first, in the documented shape', async () => {
    const page = await usersPage()
    expect(page.next_cursor).toBeNull()
    expect(page.data.map((u) => u.id)).toEqual([adminId, 'k5', 'k4', 'k3', 'k2', 'k1'])
    expect(page.data[1]).toEqual({
      id: 'k5',
      name: 'Mariana Souza',
      email: 'mari@exemplo.com.br',
      phone: '11999990000',
      created_at: '2026-01-05T00:00:00.000Z',
      subscribers: { plan_type: 'free', subscription_status: 'active' },
    } satisfies AdminUser)
    expect(page.data[2]?.subscribers.subscription_status).toBe('canceled')
  })

  it('answers the subscribers as [{plan_type, subscription_status}]', async () => {
    const rows = await getJson<unknown[]>('/api/admin/subscribers')
    expect(rows).toHaveLength(6)
    expect(rows).toContainEqual({ plan_type: 'empresas_2', subscription_status: 'active' })
    expect(rows).toContainEqual({ plan_type: 'free', subscription_status: 'canceled' })
    for (const row of rows) {
      expect(Object.keys(row as object).sort()).toEqual(['plan_type', 'subscription_status'])
    }
  })

  it("counts the cards as the spec does: 'pro' and 'basic' only, so 0 Pro and 0%", async () => {
    expect(await getJson<AdminStats>('/api/admin/stats')).toEqual({
      total_users: 6,
      pro_subscribers: 0,
      conversion_rate: 0,
      pro_plan_types: ['pro', 'basic'],
      // The figures that matter: empresas_2 and pf_simples pay, 2 of 6 users.
      paying_subscribers: 2,
      paying_conversion_rate: 33,
      by_plan_type: [
        { plan_type: 'free', name: 'Gratuito', count: 4, active: 3 },
        { plan_type: 'empresas_2', name: 'Empresas 2', count: 1, active: 1 },
        { plan_type: 'pf_simples', name: 'Pessoa Física', count: 1, active: 1 },
      ],
    } satisfies AdminStats)
  })

  it('searches name or e-mail ignoring case and accents', async () => {
    const ids = async (q: string) =>
      (await usersPage(`?q=${encodeURIComponent(q)}`)).data.map((u) => u.id)
    expect(await ids('joao')).toEqual(['k1'])
    expect(await ids('ÁLVARES')).toEqual(['k1'])
    expect(await ids('jose')).toEqual(['k3'])
    expect(await ids('josé pereira')).toEqual(['k3'])
    expect(await ids('@EMPRESA.com')).toEqual(['k3'])
    expect(await ids('mari')).toEqual(['k5', 'k2'])
    expect(await ids('  Beatriz  ')).toEqual(['k4'])
    expect(await ids('ninguém')).toEqual([])
  })

  it('takes % and _ in a search literally', async () => {
    const ids = async (q: string) =>
      (await usersPage(`?q=${encodeURIComponent(q)}`)).data.map((u) => u.id)
    expect(await ids('100%')).toEqual(['k2'])
    expect(await ids('%')).toEqual(['k2'])
    expect(await ids('maria_')).toEqual(['k2'])
    expect(await ids('_')).toEqual(['k2'])
    expect(await ids('\\')).toEqual([])
  })

  it('treats an empty search as no search', async () => {
    expect((await usersPage('?q=%20%20')).data).toHaveLength(6)
  })
})

describe('GET /api/admin/users pagination', () => {
  beforeAll(() =>
    // 10 people on every instant: pages must break ties on the id to neither skip nor repeat.
    seedPeople(server.database.pool, { count: 537, prefix: 'pag', tiesPerInstant: 10 }),
  )

  it('pages of 50 by default, then walks every row once with the cursor', async () => {
    const first = await usersPage()
    expect(first.data).toHaveLength(50)
    expect(first.next_cursor).toEqual(expect.any(String))

    const { ids, pages } = await allUsers({ limit: '37' })
    expect(pages).toBe(Math.ceil(543 / 37))
    expect(new Set(ids).size).toBe(543)
    // Newest first, ties broken by id descending. The seed sits between k2 and k1 in time.
    const seeded = Array.from({ length: 537 }, (_, i) => `pag-${String(537 - i).padStart(6, '0')}`)
    expect(ids).toEqual([adminId, 'k5', 'k4', 'k3', 'k2', ...seeded, 'k1'])
  })

  it('pages a search too', async () => {
    const { ids } = await allUsers({ limit: '7', q: 'PAG-0001' })
    expect(ids).toHaveLength(100)
    expect(ids[0]).toBe('pag-000199')
    expect(ids.at(-1)).toBe('pag-000100')
  })

  it('answers limit up to 200 and refuses the rest with pt-BR messages', async () => {
    expect((await usersPage('?limit=200')).data).toHaveLength(200)
    for (const [query, message] of [
      ['limit=201', 'Limite máximo é 200'],
      ['limit=0', 'Limite inválido'],
      ['limit=abc', 'Limite inválido'],
      ['cursor=nada', 'Cursor inválido'],
      [
        `cursor=${Buffer.from('["2026-01-01T00:00:00Z","x"]').toString('base64url')}`,
        'Cursor inválido',
      ],
      [`q=${'a'.repeat(101)}`, 'Busca muito longa'],
    ]) {
      const res = await admin.request(`/api/admin/users?${query}`)
      expect(res.status, query).toBe(400)
      expect(await res.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message } })
    }
  })

  it('counts all of them in the statistics', async () => {
    const stats = await getJson<AdminStats>('/api/admin/stats')
    expect(stats.total_users).toBe(543)
    expect(stats.by_plan_type.reduce((sum, p) => sum + p.count, 0)).toBe(543)
  })
})

describe("the spec's counting rule on legacy plan types", () => {
  it("counts subscribers on 'pro' or 'basic' as Assinantes Pro, whatever their status", async () => {
    const db = server.database.pool
    // Our catalogue refuses these plan types; a database carried over from the old product
    // would not. Lift the reference in this test's own database to write some.
    await db.query('alter table subscribers drop constraint subscribers_plan_type_fkey')
    await db.query(`update subscribers set plan_type = 'pro' where user_id in ('k1', 'k2')`)
    await db.query(
      `update subscribers set plan_type = 'basic', subscription_status = 'canceled'
        where user_id in ('pag-000001', 'pag-000002', 'pag-000003')`,
    )
    const stats = await getJson<AdminStats>('/api/admin/stats')
    expect(stats).toMatchObject({ total_users: 543, pro_subscribers: 5, conversion_rate: 1 })
    expect(stats.by_plan_type).toContainEqual({
      plan_type: 'basic',
      name: null,
      count: 3,
      active: 0,
    })
    expect(stats.by_plan_type).toContainEqual({ plan_type: 'pro', name: null, count: 2, active: 2 })
  })
})

describe('the cursor keeps PostgreSQL microseconds', () => {
  it('neither skips nor repeats rows created within the same millisecond', async () => {
    await insertPeople(
      server.database.pool,
      ['000003', '000001', '000002'].map((us) => ({
        id: `micro-${us}`,
        name: `Micro ${us}`,
        email: `micro.${us}@exemplo.com.br`,
        created_at: `2027-01-01T00:00:00.${us}Z`,
      })),
    )
    const { ids } = await allUsers({ limit: '1', q: 'micro' })
    expect(ids).toEqual(['micro-000003', 'micro-000002', 'micro-000001'])
  })
})
