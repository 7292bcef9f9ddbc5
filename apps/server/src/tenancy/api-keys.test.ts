import type { ApiKeyList, Transaction, TransactionPage } from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import { createKey, errorOf, setPlan, userOnPlan, withKey } from '../../test/api-kit.ts'
import { useTestServer } from '../../test/use-test-database.ts'

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

const entry = (over: Record<string, unknown> = {}) => ({
  type: 'expense',
  amount_cents: 12990,
  description: 'Licença de software',
  category: 'negocio',
  occurred_on: '2026-11-10',
  ...over,
})

describe('/api/api-keys', () => {
  it('allows 10 live keys per person (409 in pt-BR beyond, even 12 at once), and limits creation', async () => {
    const u = await userOnPlan(server)
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => u.client.post('/api/api-keys', { name: `Chave ${i}` })),
    )
    const statuses = burst.map((r) => r.status).sort()
    expect(statuses).toEqual([...Array(10).fill(201), 409, 409])
    const refused = burst.find((r) => r.status === 409)
    const error = refused ? await errorOf(refused) : null
    expect(error).toEqual({
      code: 'API_KEY_LIMIT',
      message: 'Você já tem 10 chaves de API ativas. Revogue uma para criar outra.',
    })
    const list = (await (await u.client.request('/api/api-keys')).json()) as ApiKeyList
    expect(list.data).toHaveLength(10)
    // Revoking frees a place; but creating and revoking in a loop is limited too (20 an hour).
    let status = 0
    let creations = 12
    while (creations < 40) {
      const key = list.data.pop()
      if (key) await u.client.request(`/api/api-keys/${key.id}`, { method: 'DELETE' })
      const res = await u.client.post('/api/api-keys', { name: 'Mais uma' })
      creations += 1
      status = res.status
      if (status === 429) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
        expect((await errorOf(res)).message).toBe(
          'Limite de 20 chaves de API criadas por hora atingido. Tente de novo mais tarde.',
        )
        break
      }
      const created = (await res.json()) as { id: number }
      list.data.push({ id: created.id } as never)
    }
    expect(status).toBe(429)
    expect(creations).toBe(21)
  })

  it('creates a key shown once, lists it by prefix and stores only a keyed hash', async () => {
    const u = await userOnPlan(server)
    const created = await createKey(u, 'ERP da loja')
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'ERP da loja',
      prefix: created.key.slice(0, 12),
      key: expect.stringMatching(/^eqk_[A-Za-z0-9_-]{43}$/),
    })
    const list = (await (await u.client.request('/api/api-keys')).json()) as ApiKeyList
    expect(list.data).toEqual([
      {
        id: created.id,
        name: 'ERP da loja',
        prefix: created.prefix,
        created_at: expect.any(String),
        last_used_at: null,
      },
    ])
    expect(JSON.stringify(list)).not.toContain(created.key)
    const { rows } = await server.database.pool.query(
      `select encode(key_hash, 'hex') as h from api_keys where id = $1`,
      [created.id],
    )
    expect(rows[0].h).toHaveLength(64)
    expect(rows[0].h).not.toContain(Buffer.from(created.key).toString('hex'))
  })

  it('needs a session (a key cannot manage keys) and acesso_api to create one', async () => {
    expect((await fetch(`${server.url}/api/api-keys`)).status).toBe(401)
    const u = await userOnPlan(server)
    const { key } = await createKey(u)
    expect((await withKey(server, key, '/api/api-keys')).status).toBe(401)

    const small = await userOnPlan(server, 'empresas_2')
    const res = await small.client.post('/api/api-keys', { name: 'x' })
    expect(res.status).toBe(403)
    expect((await errorOf(res)).code).toBe('FEATURE_NOT_IN_PLAN')
    const bad = await u.client.post('/api/api-keys', { name: '  ' })
    expect(bad.status).toBe(400)
    expect(await errorOf(bad)).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Informe um nome para a chave',
    })
  })

  it('works on /api/v1 without a cookie; entries recorded by a key have source api', async () => {
    const u = await userOnPlan(server)
    const { key } = await createKey(u)
    const res = await withKey(server, key, '/api/v1/transactions', { json: entry() })
    expect(res.status).toBe(201)
    const created = (await res.json()) as Transaction
    expect(created.source).toBe('api')
    const page = (await (
      await withKey(server, key, '/api/v1/transactions')
    ).json()) as TransactionPage
    expect(page.data.map((t) => t.id)).toEqual([created.id])
    // The web sees the same ledger.
    const web = (await (await u.client.request('/api/v1/transactions')).json()) as TransactionPage
    expect(web.data).toEqual(page.data)
    // Key requests pass the cross-site guard (no ambient credential), even from another Origin.
    const foreign = await withKey(server, key, '/api/v1/transactions', {
      json: entry(),
      headers: { origin: 'https://outro-site.example' },
    })
    expect(foreign.status).toBe(201)
    const { rows } = await server.database.pool.query(
      'select last_used_at from api_keys where user_id = $1',
      [u.userId],
    )
    expect(rows[0].last_used_at).toBeInstanceOf(Date)
  })

  it("access matrix: A's key on B's data 404, revoked 401 at once, downgraded 403", async () => {
    const a = await userOnPlan(server)
    const b = await userOnPlan(server)
    const keyA = await createKey(a)
    const keyB = await createKey(b)
    const ofB = (await (
      await withKey(server, keyB.key, '/api/v1/transactions', { json: entry() })
    ).json()) as Transaction

    for (const [method, json] of [
      ['GET', undefined],
      ['PATCH', { amount_cents: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const res = await withKey(server, keyA.key, `/api/v1/transactions/${ofB.id}`, {
        method,
        json,
      })
      expect(res.status).toBe(404)
    }
    expect((await withKey(server, keyB.key, `/api/v1/transactions/${ofB.id}`)).status).toBe(200)

    // Revoking is immediate; someone else's key id is not found.
    expect((await a.client.request(`/api/api-keys/${keyB.id}`, { method: 'DELETE' })).status).toBe(
      404,
    )
    expect((await b.client.request(`/api/api-keys/${keyB.id}`, { method: 'DELETE' })).status).toBe(
      204,
    )
    const revoked = await withKey(server, keyB.key, '/api/v1/transactions')
    expect(revoked.status).toBe(401)
    expect((await errorOf(revoked)).code).toBe('UNAUTHORIZED')
    for (const token of ['eqk_nope', `eqk_${'A'.repeat(43)}`, 'qualquer-coisa']) {
      expect((await withKey(server, token, '/api/v1/summary')).status).toBe(401)
    }

    // A downgrade answers 403 until the plan has acesso_api again.
    await setPlan(server, a.userId, 'pf_simples')
    const down = await withKey(server, keyA.key, '/api/v1/transactions')
    expect(down.status).toBe(403)
    expect((await errorOf(down)).code).toBe('FEATURE_NOT_IN_PLAN')
    await setPlan(server, a.userId, 'empresas_15')
    expect((await withKey(server, keyA.key, '/api/v1/transactions')).status).toBe(200)
  })

  it('Idempotency-Key: same body → same stored answer and one entry; other body → 422', async () => {
    const u = await userOnPlan(server)
    const { key } = await createKey(u)
    const headers = { 'idempotency-key': 'pedido-4711' }
    const first = await withKey(server, key, '/api/v1/transactions', { json: entry(), headers })
    const second = await withKey(server, key, '/api/v1/transactions', { json: entry(), headers })
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(await second.json()).toEqual(await first.json())
    const page = (await (
      await withKey(server, key, '/api/v1/transactions')
    ).json()) as TransactionPage
    expect(page.data).toHaveLength(1)

    const other = await withKey(server, key, '/api/v1/transactions', {
      json: entry({ amount_cents: 1 }),
      headers,
    })
    expect(other.status).toBe(422)
    expect((await errorOf(other)).code).toBe('IDEMPOTENCY_KEY_REUSED')

    // A 4xx answer is kept too (the same mistake replays), and keys are per person.
    const invalid = { 'idempotency-key': 'invalido-1' }
    const bad = entry({ amount_cents: 0 })
    expect(
      (await withKey(server, key, '/api/v1/transactions', { json: bad, headers: invalid })).status,
    ).toBe(400)
    expect(
      (
        await withKey(server, key, '/api/v1/transactions', { json: bad, headers: invalid })
      ).headers.get('idempotent-replayed'),
    ).toBe('true')
    const other_person = await userOnPlan(server)
    const res = await other_person.client.post('/api/v1/transactions', entry(), headers)
    expect(res.status).toBe(201)
    expect(res.headers.get('idempotent-replayed')).toBeNull()
  })

  it('Idempotency-Key: concurrent retries record one entry (the other waits its turn: 409)', async () => {
    const u = await userOnPlan(server)
    const { key } = await createKey(u)
    const headers = { 'idempotency-key': 'concorrente-1' }
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        withKey(server, key, '/api/v1/transactions', { json: entry(), headers }),
      ),
    )
    const statuses = answers.map((r) => r.status)
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true)
    expect(statuses).toContain(201)
    const page = (await (
      await withKey(server, key, '/api/v1/transactions')
    ).json()) as TransactionPage
    expect(page.data).toHaveLength(1)
  })

  it('120 requests a minute per key: then 429 with Retry-After and RateLimit headers', async () => {
    const u = await userOnPlan(server)
    const { key } = await createKey(u)
    const firstRes = await withKey(server, key, '/api/v1/usage')
    expect(firstRes.headers.get('ratelimit-limit')).toBe('120')
    expect(firstRes.headers.get('ratelimit-remaining')).toBe('119')
    expect(firstRes.headers.get('ratelimit-policy')).toBe('120;w=60')
    expect(Number(firstRes.headers.get('ratelimit-reset'))).toBeGreaterThan(0)
    for (let i = 0; i < 119; i += 1) {
      const res = await withKey(server, key, '/api/v1/usage')
      expect(res.status).toBe(200)
    }
    const limited = await withKey(server, key, '/api/v1/usage')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect(limited.headers.get('ratelimit-remaining')).toBe('0')
    expect((await errorOf(limited)).code).toBe('RATE_LIMITED')
    // Another key of the same person has its own budget; the session is not limited by it.
    const { key: second } = await createKey(u, 'Outra')
    expect((await withKey(server, second, '/api/v1/usage')).status).toBe(200)
    expect((await u.client.request('/api/v1/usage')).status).toBe(200)
  })
})
