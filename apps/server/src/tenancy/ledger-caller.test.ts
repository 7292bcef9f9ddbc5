import { randomBytes } from 'node:crypto'
import type { Transaction, TransactionPage } from '@equilibrai/shared'
import { Hono } from 'hono'
import { beforeAll, describe, expect, it } from 'vitest'
import { type ApiUser, createKey, errorOf, userOnPlan, withKey } from '../../test/api-kit.ts'
import { signedInUser } from '../../test/auth-client.ts'
import { onError } from '../platform/index.ts'
import { hashToken } from '../teams/team-service.ts'
import { requireFeature } from './feature-guard.ts'
import {
  type Caller,
  type LedgerBindings,
  requireLedgerCaller,
  requireSessionCaller,
} from './ledger-caller.ts'
import { useTestServer } from '../../test/use-test-database.ts'

/*
 * The caller is resolved once, by the middleware: a handler reads c.var.caller and never looks
 * the ledger up itself. A probe route behind the real middleware shows what a handler gets;
 * the real routes show the same through what they do.
 */

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })
let probe: Hono<LedgerBindings>
beforeAll(async () => {
  probe = new Hono<LedgerBindings>()
    .use('/api/v1/*', requireLedgerCaller(server.deps))
    // Applied twice on this route (the group's and its own), as some route tables do.
    .get('/api/v1/probe', requireLedgerCaller(server.deps), (c) => c.json(c.var.caller))
    .post('/api/v1/probe/team', requireFeature(server.deps, 'dashboard_equipe'), (c) =>
      c.json(c.var.caller),
    )
    // A session-only route (/api/support/requests'): the ledger read with the session.
    .get('/api/session-probe', requireSessionCaller(server.deps), (c) => c.json(c.var.caller))
  probe.onError(onError(server.deps.log))
})

const bySession = (u: ApiUser, path = '/api/v1/probe', method = 'GET') =>
  probe.request(path, { method, headers: { cookie: u.client.cookieHeader() } })
const byKey = (key: string, path = '/api/v1/probe', method = 'GET') =>
  probe.request(path, { method, headers: { authorization: `Bearer ${key}` } })

async function ownLedgerId(userId: string): Promise<number> {
  const { rows } = await server.database.pool.query<{ id: string }>(
    'select id from ledgers where owner_user_id = $1',
    [userId],
  )
  return Number(rows[0]?.id)
}

async function join(owner: ApiUser, member: ApiUser) {
  expect((await owner.client.post('/api/team/invitations', { email: member.email })).status).toBe(
    201,
  )
  // The e-mail's token is only in the e-mail: give the invitation a token the test knows.
  const token = randomBytes(32).toString('base64url')
  await server.database.pool.query(
    'update team_invitations set token_hash = $2 where email = $1 and accepted_at is null',
    [member.email, hashToken(token)],
  )
  expect((await member.client.post(`/api/team/invitations/${token}/accept`, {})).status).toBe(200)
}

const entry = {
  type: 'expense',
  amount_cents: 2500,
  description: 'Papel para a impressora',
  category: 'negocio',
  occurred_on: '2026-11-10',
}

describe('the caller, resolved by the middleware', () => {
  it('is the same ledger for a session and for an API key; only the source differs', async () => {
    const owner = await userOnPlan(server, 'empresas_15')
    const { key } = await createKey(owner)
    const ledgerId = await ownLedgerId(owner.userId)
    const expected = { userId: owner.userId, ownerId: owner.userId, ledgerId }

    const web = await bySession(owner)
    expect(web.status).toBe(200)
    expect(await web.json()).toEqual({ ...expected, source: 'web' } satisfies Caller)
    const api = await byKey(key)
    expect(api.status).toBe(200)
    expect(await api.json()).toEqual({ ...expected, source: 'api' } satisfies Caller)
  })

  it("puts a team member's requests, by session or key, in the owner's ledger", async () => {
    const owner = await userOnPlan(server, 'empresas_15')
    const member = await signedInUser(server, { name: 'Pessoa da Equipe' })
    await join(owner, member)
    // The member's own plan is free: the key and the features are the owner's plan's.
    const { key } = await createKey(member)
    const team = { userId: member.userId, ownerId: owner.userId }
    const ledgerId = await ownLedgerId(owner.userId)

    expect(await (await bySession(member)).json()).toEqual({ ...team, ledgerId, source: 'web' })
    expect(await (await byKey(key)).json()).toEqual({ ...team, ledgerId, source: 'api' })
    const sessionOnly = await bySession(member, '/api/session-probe')
    expect(await sessionOnly.json()).toEqual({ ...team, ledgerId, source: 'web' })
    const gated = await byKey(key, '/api/v1/probe/team', 'POST')
    expect(gated.status).toBe(200)

    // Through the real routes: what the member records lands where the owner reads.
    const res = await withKey(server, key, '/api/v1/transactions', { json: entry })
    expect(res.status).toBe(201)
    const created = (await res.json()) as Transaction
    expect(created.source).toBe('api')
    const page = (await (
      await owner.client.request('/api/v1/transactions')
    ).json()) as TransactionPage
    expect(page.data.map((t) => [t.id, t.created_by?.id])).toEqual([[created.id, member.userId]])
    const usage = await (await member.client.request('/api/v1/usage')).json()
    expect(usage).toMatchObject({ plan_type: 'empresas_15', used: 1 })

    // Removed, the member's very next request acts on their own ledger, under their own plan.
    const removed = await owner.client.request(`/api/team/members/${member.userId}`, {
      method: 'DELETE',
    })
    expect(removed.status).toBe(204)
    expect(await (await bySession(member)).json()).toEqual({
      userId: member.userId,
      ownerId: member.userId,
      ledgerId: await ownLedgerId(member.userId),
      source: 'web',
    })
    expect(await (await bySession(member, '/api/session-probe')).json()).toEqual({
      userId: member.userId,
      ownerId: member.userId,
      ledgerId: await ownLedgerId(member.userId),
      source: 'web',
    })
    const refused = await byKey(key)
    expect(refused.status).toBe(403)
    expect((await errorOf(refused)).code).toBe('FEATURE_NOT_IN_PLAN')
    expect((await member.client.request(`/api/v1/transactions/${created.id}`)).status).toBe(404)
  })

  it('gates on the plan of the ledger the caller acts on', async () => {
    const free = await userOnPlan(server, 'free')
    const res = await bySession(free, '/api/v1/probe/team', 'POST')
    expect(res.status).toBe(403)
    expect((await errorOf(res)).code).toBe('FEATURE_NOT_IN_PLAN')
  })

  it('answers 401 without a session or with an unknown key', async () => {
    expect((await probe.request('/api/v1/probe')).status).toBe(401)
    expect((await probe.request('/api/session-probe')).status).toBe(401)
    expect((await byKey(`eqk_${randomBytes(32).toString('base64url')}`)).status).toBe(401)
  })
})
