import { createHmac } from 'node:crypto'
import { Hono } from 'hono'
import { createPool } from '../platform/db/database.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, TestClient } from '../../test/auth-client.ts'
import { startTestServer, type TestServer } from '../../test/test-server.ts'
import type { AppBindings } from '../platform/http/app-types.ts'
import { onError } from '../platform/http/errors.ts'
import { requireUser } from './auth-guards.ts'
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './auth.ts'
import { quickSession } from './session-check.ts'
import { readCookie, VerifiedValues, verifiedValue } from './signed-cookie.ts'

let server: TestServer
let app: Hono<AppBindings>

beforeAll(async () => {
  server = await startTestServer()
  app = new Hono<AppBindings>().get('/user', requireUser(server.deps), (c) =>
    c.json({ id: c.get('user').id, session: c.get('session').id }),
  )
  app.onError(onError(server.deps.log))
})
afterAll(() => server?.stop())

const headers = (cookie: string) => new Headers({ cookie })
const tokenOf = (cookie: string) =>
  decodeURIComponent(readCookie(cookie, 'equilibrai.session_token') ?? '').split('.')[0] ?? ''
const setExpiry = (token: string, expiresAt: Date) =>
  server.database.pool.query('update session set "expiresAt" = $2 where token = $1', [
    token,
    expiresAt,
  ])

/** How many requests reached Better Auth's own handler, from now until stop(). */
function countGetSession() {
  const auth = server.deps.auth
  const original = auth.handler
  let calls = 0
  auth.handler = (request: Request) => {
    calls++
    return original(request)
  }
  return {
    stop() {
      auth.handler = original
      return calls
    },
  }
}

describe('the quick session check (session-check.ts)', () => {
  it('gives the very session and user Better Auth gives, fields and order alike', async () => {
    const { client } = await signedInUser(server)
    const cookie = client.cookieHeader()
    const slow = await server.deps.auth.api.getSession({ headers: headers(cookie) })
    const quick = await quickSession(server.deps, headers(cookie))
    expect(slow).not.toBeNull()
    expect({ session: quick?.session, user: quick?.user }).toStrictEqual(slow)
    expect(quick?.extra).toEqual({})
    expect(Object.keys(quick?.user ?? {})).toEqual(Object.keys(slow?.user ?? {}))
    expect(Object.keys(quick?.session ?? {})).toEqual(Object.keys(slow?.session ?? {}))
    const res = await app.request('/user', { headers: { cookie } })
    expect(await res.json()).toEqual({ id: slow?.user.id, session: slow?.session.id })
    expect(res.headers.get('set-cookie')).toBeNull()
    const extra = {
      columns: ['who', 'two'],
      sql: (user: string) => `select ${user} as who, 2 as two`,
    }
    const withExtra = await quickSession(server.deps, headers(cookie), extra)
    expect(withExtra?.extra).toEqual({ who: slow?.user.id, two: 2 })
    expect(withExtra?.user).toStrictEqual(slow?.user)
  })

  it('leaves to Better Auth a forged signature, an unknown token and an expired session (401)', async () => {
    const { client } = await signedInUser(server)
    const cookie = client.cookieHeader()
    const token = tokenOf(cookie)
    const secret = (await server.deps.auth.$context).secret
    const sign = (value: string) =>
      `equilibrai.session_token=${encodeURIComponent(`${value}.${createHmac('sha256', secret).update(value).digest('base64')}`)}`
    const forged = `equilibrai.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', 'outro-segredo').update(token).digest('base64')}`)}`
    for (const bad of [forged, sign('token-que-nao-existe')]) {
      expect(await quickSession(server.deps, headers(bad))).toBeNull()
      expect((await app.request('/user', { headers: { cookie: bad } })).status).toBe(401)
    }
    expect(await quickSession(server.deps, headers(sign(token)))).not.toBeNull()
    // "Don't remember me": never slid, so only the expiry itself stops it.
    const dontRemember = `${cookie}; equilibrai.dont_remember=${encodeURIComponent(`true.${createHmac('sha256', secret).update('true').digest('base64')}`)}`
    await setExpiry(token, new Date(Date.now() + 60_000))
    expect(await quickSession(server.deps, headers(dontRemember))).not.toBeNull()
    await setExpiry(token, new Date(Date.now() - 1000))
    expect(await quickSession(server.deps, headers(dontRemember))).toBeNull()
    expect(await quickSession(server.deps, headers(cookie))).toBeNull()
    expect((await app.request('/user', { headers: { cookie } })).status).toBe(401)
  })

  it('leaves a session due to slide to Better Auth, which slides it and sends the cookie', async () => {
    const { client } = await signedInUser(server)
    const cookie = client.cookieHeader()
    const token = tokenOf(cookie)
    const due = Date.now() + (SESSION_EXPIRES_IN_SECONDS - SESSION_UPDATE_AGE_SECONDS - 60) * 1000
    await setExpiry(token, new Date(due))
    expect(await quickSession(server.deps, headers(cookie))).toBeNull()
    const res = await app.request('/user', { headers: { cookie } })
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toContain('equilibrai.session_token=')
    const { rows } = await server.database.pool.query<{ expiresAt: Date }>(
      'select "expiresAt" from session where token = $1',
      [token],
    )
    expect(rows[0]?.expiresAt.getTime()).toBeGreaterThan(due + 60_000)
    expect(await quickSession(server.deps, headers(cookie))).not.toBeNull()
  })

  it('answers GET /api/auth/get-session itself in the common case, byte for byte as Better Auth does', async () => {
    const { client } = await signedInUser(server)
    const cookie = client.cookieHeader()
    const token = tokenOf(cookie)
    const calls = countGetSession()
    const quick = await client.request('/api/auth/get-session')
    expect(calls.stop()).toBe(0)
    // A query sends it to Better Auth (the cookie cache is off, so the answer is the same).
    const slow = await client.request('/api/auth/get-session?disableCookieCache=true')
    expect(quick.status).toBe(200)
    expect(slow.status).toBe(200)
    const body = await quick.text()
    expect(body).toBe(await slow.text())
    expect(body).not.toContain(token)
    expect(JSON.parse(body).user.email).toBeTruthy()
    const headersOf = (r: Response) =>
      [...r.headers.entries()].filter(([k]) => !['date', 'content-length'].includes(k))
    expect(headersOf(quick)).toEqual(headersOf(slow))
    expect(quick.headers.get('content-type')).toBe(slow.headers.get('content-type'))
    expect(quick.headers.get('set-cookie')).toBeNull()
  })

  it('leaves get-session to Better Auth without a valid session or when it is due to slide', async () => {
    const anonymous = await new TestClient(server).request('/api/auth/get-session')
    expect(anonymous.status).toBe(200)
    expect(await anonymous.text()).toBe('null')
    const { client } = await signedInUser(server)
    const token = tokenOf(client.cookieHeader())
    const due = Date.now() + (SESSION_EXPIRES_IN_SECONDS - SESSION_UPDATE_AGE_SECONDS - 60) * 1000
    await setExpiry(token, new Date(due))
    const calls = countGetSession()
    const slid = await client.request('/api/auth/get-session')
    expect(calls.stop()).toBe(1)
    expect(slid.status).toBe(200)
    expect(slid.headers.get('set-cookie')).toContain('equilibrai.session_token=')
    await setExpiry(token, new Date(Date.now() - 1000))
    const expired = await client.request('/api/auth/get-session')
    expect(await expired.text()).toBe('null')
  })

  it('reads cookies as better-call does and checks the signature in constant time', () => {
    expect(readCookie('a=1; b="x%20y"; a=2', 'a')).toBe('1')
    expect(readCookie('a=1; b="x%20y"', 'b')).toBe('x y')
    expect(readCookie('a=1', 'c')).toBeNull()
    const value = `abc.${createHmac('sha256', 's').update('abc').digest('base64')}`
    expect(verifiedValue(value, 's')).toBe('abc')
    expect(verifiedValue(value, 't')).toBeNull()
    expect(verifiedValue('abc.curta=', 's')).toBeNull()
  })

  it('remembers only signatures that passed, at most its limit, the oldest forgotten first', () => {
    const sign = (value: string, secret = 's') =>
      `${value}.${createHmac('sha256', secret).update(value).digest('base64')}`
    const verified = new VerifiedValues('s', 2)
    expect(verified.of(sign('a', 'outro'))).toBeNull()
    expect(verified.of(null)).toBeNull()
    expect(verified.size).toBe(0)
    expect(verified.of(sign('a'))).toBe('a')
    expect(verified.of(sign('a'))).toBe('a')
    expect(verified.of(sign('b'))).toBe('b')
    expect(verified.of(sign('c'))).toBe('c')
    expect(verified.size).toBe(2)
    // A value pushed out is simply verified again; a forged one never enters.
    expect(verified.of(sign('a'))).toBe('a')
    expect(verified.of(sign('d', 'outro'))).toBeNull()
    expect(verified.size).toBe(2)
  })

  it('refuses a signed-out or deleted session at once, though its signature was remembered', async () => {
    const { client } = await signedInUser(server)
    const cookie = client.cookieHeader()
    expect((await app.request('/user', { headers: { cookie } })).status).toBe(200)
    expect((await client.request('/api/auth/get-session')).status).toBe(200)
    const signOut = await client.post('/api/auth/sign-out', {})
    expect(signOut.status).toBe(200)
    expect(await quickSession(server.deps, headers(cookie))).toBeNull()
    expect((await app.request('/user', { headers: { cookie } })).status).toBe(401)
    const stale = await new TestClient(server).request('/api/auth/get-session', {
      headers: { cookie },
    })
    expect(await stale.text()).toBe('null')
    // Another instance's sign-out is a deleted row: nothing in this process knows of it.
    const other = await signedInUser(server)
    const otherCookie = other.client.cookieHeader()
    expect((await app.request('/user', { headers: { cookie: otherCookie } })).status).toBe(200)
    await server.database.pool.query('delete from session where token = $1', [tokenOf(otherCookie)])
    expect((await app.request('/user', { headers: { cookie: otherCookie } })).status).toBe(401)
  })

  it('reads the session in a statement prepared once per connection (no star in its columns)', async () => {
    const { client } = await signedInUser(server)
    const one = createPool(server.database.url, { max: 1 })
    try {
      const extra = { columns: ['two'], sql: () => 'select 2 as two' }
      for (let i = 0; i < 2; i++) {
        expect(
          await quickSession({ ...server.deps, db: one }, headers(client.cookieHeader())),
        ).not.toBeNull()
        const withExtra = await quickSession(
          { ...server.deps, db: one },
          headers(client.cookieHeader()),
          extra,
        )
        expect(withExtra?.extra).toEqual({ two: 2 })
      }
      const { rows } = await one.query<{ statement: string }>(
        `select statement from pg_prepared_statements where statement like '%"expiresAt"%'`,
      )
      expect(rows).toHaveLength(2)
    } finally {
      await one.end()
    }
  })
})
