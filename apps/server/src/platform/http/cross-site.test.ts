import { describe, expect, it } from 'vitest'
import { PASSWORD, signedInUser, TestClient, uniqueEmail } from '../../../test/auth-client.ts'
import { isJsonContentType } from './cross-site.ts'
import { useTestServer } from '../../../test/use-test-database.ts'

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

const EVIL = 'https://evil.example'
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error

type Write = { method: string; path: string; json?: unknown }
const WRITES: Write[] = [
  {
    method: 'POST',
    path: '/api/v1/transactions',
    json: {
      type: 'expense',
      amount_cents: 100,
      description: 'Ataque',
      category: 'outros',
      occurred_on: '2026-11-10',
    },
  },
  { method: 'PATCH', path: '/api/profile', json: { name: 'Invasor', phone: '' } },
  { method: 'POST', path: '/api/whatsapp/link-code' },
  { method: 'DELETE', path: '/api/whatsapp/link' },
  { method: 'POST', path: '/api/simulator/messages', json: { text: 'gastei 10 no mercado' } },
  { method: 'DELETE', path: '/api/simulator/messages' },
  { method: 'POST', path: '/api/billing/portal-session' },
]

async function send(
  client: TestClient,
  { method, path, json }: Write,
  headers: Record<string, string>,
  body?: string,
) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: {
      cookie: client.cookieHeader(),
      'x-forwarded-for': client.ip,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body ?? (json === undefined ? undefined : JSON.stringify(json)),
  })
}

describe('cross-site writes under /api (ARCHITECTURE §5)', () => {
  it('refuses every cookie-authenticated write from a foreign Origin with 403, changing nothing', async () => {
    const { client, userId } = await signedInUser(server, { name: 'Vítima Silva' })
    for (const write of WRITES) {
      const res = await send(client, write, { origin: EVIL })
      expect(res.status, `${write.method} ${write.path}`).toBe(403)
      expect(await errorOf(res)).toEqual({
        code: 'CROSS_SITE_REQUEST',
        message: 'Origem da requisição não permitida.',
      })
    }
    const { rows } = await server.database.pool.query(
      `select (select name from profiles where id = $1) as name,
              (select count(*)::int from whatsapp_link_codes where user_id = $1) as codes`,
      [userId],
    )
    expect(rows[0]).toEqual({ name: 'Vítima Silva', codes: 0 })
  })

  it('refuses a write without Origin whose Sec-Fetch-Site is cross-site or same-site', async () => {
    const { client } = await signedInUser(server)
    const [write] = WRITES
    if (!write) throw new Error('no write')
    for (const site of ['cross-site', 'same-site']) {
      const res = await send(client, write, { 'sec-fetch-site': site })
      expect(res.status, site).toBe(403)
    }
    for (const site of ['same-origin', 'none']) {
      const res = await send(client, write, { 'sec-fetch-site': site })
      expect(res.status, site).toBe(201)
    }
    // A foreign Origin loses even with a same-origin Sec-Fetch-Site beside it.
    const mixed = await send(client, write, { origin: EVIL, 'sec-fetch-site': 'same-origin' })
    expect(mixed.status).toBe(403)
    // A Bearer header exempts only the public API's key requests, not cookie routes.
    const profile = WRITES[1]
    if (!profile) throw new Error('no write')
    const bearer = await send(client, profile, { origin: EVIL, authorization: 'Bearer eqk_x' })
    expect(bearer.status).toBe(403)
    // "null" (sandboxed frames, some redirects) is not our origin either.
    expect((await send(client, write, { origin: 'null' })).status).toBe(403)
  })

  it('answers a body that is not exactly application/json with 415, even from our origin', async () => {
    const { client } = await signedInUser(server)
    const [write] = WRITES
    if (!write) throw new Error('no write')
    const body = JSON.stringify(write.json)
    for (const type of [
      'text/plain; charset=application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonx',
      'application/json; boundary=x',
    ]) {
      const res = await send(client, write, { origin: server.url, 'content-type': type }, body)
      expect(res.status, type).toBe(415)
      expect((await errorOf(res)).code).toBe('UNSUPPORTED_MEDIA_TYPE')
    }
    const ok = await send(
      client,
      write,
      { origin: server.url, 'content-type': 'application/json; charset=UTF-8' },
      body,
    )
    expect(ok.status).toBe(201)
  })

  it('leaves webhooks to their signatures and reads and same-origin writes alone', async () => {
    const { client } = await signedInUser(server)
    const hook = await fetch(`${server.url}/api/webhooks/whatsapp`, {
      method: 'POST',
      headers: { origin: EVIL, 'content-type': 'application/json' },
      body: '{}',
    })
    expect((await errorOf(hook)).code).not.toBe('CROSS_SITE_REQUEST')
    const read = await fetch(`${server.url}/api/profile`, {
      headers: { cookie: client.cookieHeader(), origin: EVIL, 'x-forwarded-for': client.ip },
    })
    expect(read.status).toBe(200)
    const own = await client.request('/api/profile', {
      method: 'PATCH',
      json: { name: 'Nome Novo', phone: '' },
    })
    expect(own.status).toBe(200)
    // A client with neither header (curl, a server) is not a browser carrying a victim's cookie.
    const curl = await fetch(`${server.url}/api/profile`, {
      method: 'PATCH',
      headers: { cookie: client.cookieHeader(), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Pelo Terminal', phone: '' }),
    })
    expect(curl.status).toBe(200)
  })

  it('keeps Better Auth working from our origin and refused from another', async () => {
    const client = new TestClient(server)
    const email = uniqueEmail()
    const signUp = await client.post('/api/auth/sign-up/email', {
      name: 'Maria Souza',
      email,
      password: PASSWORD,
    })
    expect(signUp.status).toBe(200)
    const foreign = await client.post(
      '/api/auth/sign-in/email',
      { email, password: PASSWORD },
      { origin: EVIL },
    )
    expect(foreign.status).toBe(403)
    const signedIn = await signedInUser(server)
    const signOut = await signedIn.client.post('/api/auth/sign-out', {})
    expect(signOut.status).toBe(200)
  })
})

describe('isJsonContentType', () => {
  it.each([
    ['application/json', true],
    ['Application/JSON', true],
    ['application/json; charset=utf-8', true],
    ['application/json;charset="UTF-8"', true],
    ['application/json; charset=latin1', false],
    ['text/plain; charset=application/json', false],
    ['application/json-patch+json', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(isJsonContentType(header)).toBe(expected)
  })
})
