import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setAdmin } from '../src/app/cli/commands/accounts.ts'
import { createApp } from '../src/app/create-app.ts'
import { signedInUser, TestClient } from './auth-client.ts'
import { startTestServer, type TestServer } from './test-server.ts'

/**
 * Every HTTP route the app registers (read from the app itself, so routes added later are
 * fuzzed too), called with malformed, huge, unicode-edge and wrong-type paths, queries and
 * bodies, by an admin on the top plan (so feature- and role-gated handlers are reached), by a
 * plain user, and by nobody. Never a 5xx; every 4xx JSON answer in the error shape, in pt-BR.
 * Bounded: FUZZ_RUNS (default 400) cases in all, a fixed seed unless FUZZ_SEED is set.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 400)
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 1616

let server: TestServer
let admin: TestClient
let user: TestClient
let routes: Array<{ method: string; path: string }>

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'x-forwarded-for' }, undefined, {
    // Rate limits are tested elsewhere; here they would only turn the fuzz into 429s.
    authRateLimits: {
      signInPerIp: { max: 100_000, windowSeconds: 60 },
      signUpPerIp: { max: 100_000, windowSeconds: 60 },
      signUpPerAccount: { max: 100_000, windowSeconds: 60 },
      passwordResetPerIp: { max: 100_000, windowSeconds: 60 },
      passwordResetPerAccount: { max: 100_000, windowSeconds: 60 },
      verificationEmailPerIp: { max: 100_000, windowSeconds: 60 },
      verificationEmailPerAccount: { max: 100_000, windowSeconds: 60 },
      socialSignInPerIp: { max: 100_000, windowSeconds: 60 },
      waitlistPerIp: { max: 100_000, windowSeconds: 60 },
    },
  })
  const a = await signedInUser(server, { name: 'Admin Fuzz' })
  await setAdmin(server.database.pool, a.email, true)
  await server.database.pool.query(
    `update subscribers set plan_type = 'empresas_15' where user_id = $1`,
    [a.userId],
  )
  admin = a.client
  user = (await signedInUser(server, { name: 'Pessoa Fuzz' })).client
  const seen = new Set<string>()
  routes = []
  for (const r of createApp(server.deps).routes) {
    if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method)) continue
    // Signing out would only end the fuzzing sessions.
    if (r.path.includes('sign-out')) continue
    const key = `${r.method} ${r.path}`
    if (!seen.has(key)) {
      seen.add(key)
      routes.push({ method: r.method, path: r.path })
    }
  }
}, 120_000)
afterAll(() => server?.stop())

/** Better Auth's routes sit behind one wildcard; these are the ones a client calls. */
const AUTH_ENDPOINTS = [
  'sign-in/email',
  'sign-up/email',
  'get-session',
  'request-password-reset',
  'reset-password',
  'reset-password/abc',
  'verify-email',
  'send-verification-email',
  'sign-in/social',
  'callback/google',
  'change-password',
  'verify-password',
  'update-user',
  'list-sessions',
]

const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  '\uFEFF',
  '\u202Eevil',
  '👩🏽‍💻',
  'e\u0301\u0301\u0301',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '9'.repeat(40),
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '%ZZ',
  '%',
  'x'.repeat(10_000),
]

const FIELDS = [
  'name',
  'phone',
  'email',
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'provider',
  'callbackURL',
  'type',
  'amount_cents',
  'description',
  'category',
  'occurred_on',
  'nome',
  'whatssapp',
  'text',
  'priceId',
  'limit_cents',
  'month',
  'due_on',
  'recurrence',
  'day_of_month',
  'url',
  'events',
  'subject',
  'message',
  'answer',
  'code',
  'role',
  'bill_reminders',
  'budget_alerts',
  'weekly_report',
  'id',
  '__proto__',
  'constructor',
]

/** A valid body per route: the fuzz also breaks one field of it, to reach deeper code. */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'PATCH /api/profile': { name: 'Maria Souza', phone: '11987654321' },
  'POST /api/v1/transactions': {
    type: 'expense',
    amount_cents: 4590,
    description: 'Mercado',
    category: 'mercado',
    occurred_on: '2026-11-10',
  },
  'PATCH /api/v1/transactions/:id': { description: 'Mercado', amount_cents: 100 },
  'POST /api/waitlist': { nome: 'Maria Souza', whatssapp: '11987654321', email: '' },
  'POST /api/simulator/messages': { text: 'gastei 10 no mercado' },
  'POST /api/billing/checkout-session': { priceId: 'price_x' },
  'POST /api/auth/*': { email: 'fuzz@exemplo.com', password: 'Cafe-Com-Leite-42', name: 'Fuzz' },
  'DELETE /api/me': { password: 'Outra-Senha-1' },
}

function routesWithBodies() {
  return routes.filter((r) => VALID_BODIES[`${r.method} ${r.path}`])
}

const QUERY_KEYS = ['from', 'to', 'limit', 'cursor', 'month', 'months', 'q', 'role', 'id', 'x']

const edgeString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 64 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 16 }) },
)

const value: fc.Arbitrary<unknown> = fc.oneof(
  // What a database refuses, inside an otherwise valid body: the likeliest path to a 500.
  { weight: 2, arbitrary: fc.constantFrom('a\u0000b', '\u0000', '2026-02-30', '9'.repeat(30)) },
  { weight: 4, arbitrary: edgeString },
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, Number.MAX_SAFE_INTEGER, -1, 0, 1e21),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(edgeString, { maxLength: 4 }),
)

const jsonBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 }),
  fc.jsonValue({ maxDepth: 4 }),
  value,
)

type Body = { text: string; type: string } | null

/** Which field of the route's valid body to break (an index), and with what. */
const mutation = fc.tuple(fc.nat(), value)

const body: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 6,
    arbitrary: jsonBody.map((v) => ({
      text: JSON.stringify(v) ?? 'null',
      type: 'application/json',
    })),
  },
  { weight: 1, arbitrary: fc.constant(null) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      { text: '{"name": ', type: 'application/json' },
      { text: '{"a":"\\ud800"}', type: 'application/json' },
      { text: `{"x":"${'y'.repeat(1_100_000)}"}`, type: 'application/json' },
      { text: '[]'.repeat(5000), type: 'application/json' },
      { text: 'name=x', type: 'application/x-www-form-urlencoded' },
      { text: '{"name":"x"}', type: 'text/plain; charset=application/json' },
      { text: '\u0000\u0001', type: 'application/json' },
    ),
  },
)

/** A path segment: usually encoded, sometimes raw malformed percent-encoding. */
const segment = fc.oneof(
  edgeString.map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '')) || 'x'),
  fc.constantFrom('1', '0', '-1', '99999999999999999999', '%ZZ', '%00', '%E0%A4%A', 'abc'),
  fc.nat().map(String),
)

const query = fc
  .array(fc.tuple(fc.constantFrom(...QUERY_KEYS), segment), { maxLength: 3 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''))

function concretePath(template: string, seg: string, endpoint: string): string {
  return template
    .replace('/auth/*', `/auth/${endpoint}`)
    .replace(/:[A-Za-z_]+(\{[^}]*\})?/g, seg)
    .replace('*', seg)
}

describe('HTTP fuzz', () => {
  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(20)
    expect(routes).toEqual(expect.arrayContaining([{ method: 'PATCH', path: '/api/profile' }]))
  })

  it('never answers 5xx, and every JSON error has the shape and a pt-BR message', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        segment,
        fc.constantFrom(...AUTH_ENDPOINTS),
        query,
        body,
        fc.constantFrom('admin', 'user', 'anonymous'),
        fc.boolean(),
        fc.option(mutation, { freq: 2 }),
        async (pick, seg, endpoint, search, fuzzed, who, wrongMethod, mutate) => {
          // Half the cases go to the routes with a known valid body, to break one field of it.
          const pool = pick % 2 === 0 ? routesWithBodies() : routes
          const route = pool[Math.floor(pick / 2) % pool.length]
          if (!route) return
          const path = `${concretePath(route.path, seg, endpoint)}${search}`
          const method = wrongMethod && route.method === 'GET' ? 'PUT' : route.method
          const client = who === 'admin' ? admin : who === 'user' ? user : new TestClient(server)
          const valid = VALID_BODIES[`${route.method} ${route.path}`]
          let payload = fuzzed
          if (valid && mutate) {
            const keys = Object.keys(valid)
            const key = keys[mutate[0] % keys.length] ?? 'x'
            const text = JSON.stringify({ ...valid, [key]: mutate[1] }) ?? '{}'
            payload = { text, type: 'application/json' }
          }
          const sent = method === 'GET' ? null : payload
          const res = await fetch(`${server.url}${path}`, {
            method,
            redirect: 'manual',
            headers: {
              origin: server.url,
              'x-forwarded-for': client.ip,
              ...(client.cookies.size ? { cookie: client.cookieHeader() } : {}),
              ...(sent ? { 'content-type': sent.type } : {}),
            },
            body: sent ? sent.text : undefined,
          })
          const text = await res.text()
          const what = `${method} ${path.slice(0, 200)} → ${res.status} ${text.slice(0, 200)}`
          expect(res.status, what).toBeLessThan(500)
          if (res.status >= 400 && (res.headers.get('content-type') ?? '').includes('json')) {
            const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } }
            expect(typeof parsed.error?.code, what).toBe('string')
            expect(typeof parsed.error?.message, what).toBe('string')
            expect(String(parsed.error?.message), what).not.toMatch(
              /\b(invalid|expected|required|received|must be|not found)\b/i,
            )
          }
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: false, interruptAfterTimeLimit: 240_000 },
    )
  }, 300_000)
})
