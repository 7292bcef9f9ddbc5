import { randomBytes } from 'node:crypto'
import { webhookEndpointListSchema, type WebhookEndpointWithSecret } from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import { errorOf, setPlan, userOnPlan, type ApiUser } from '../../test/api-kit.ts'
import { PASSWORD, signedInUser } from '../../test/auth-client.ts'
import { expectContract } from '../../test/contract.ts'
import { hashToken } from '../teams/team-service.ts'
import { createLogger } from '../platform/logger.ts'
import { attemptDelivery } from './webhook-delivery.ts'
import { useTestServer } from '../../test/use-test-database.ts'

/*
 * Issue 25 (high, medium): an outgoing webhook endpoint belongs to the person who created it
 * (ARCHITECTURE §12). The ledger's owner sees and can delete every endpoint of the ledger, a
 * member only their own; deliveries stop when the creator leaves the ledger or deletes their
 * account, and while the ledger's plan lacks integrações_personalizadas. No worker runs here:
 * what an event reaches is read from the deliveries it creates (in the entry's transaction),
 * and an attempt is made by calling the delivery function itself.
 */

const server = useTestServer()

const db = () => server.database.pool
const entry = {
  type: 'expense',
  amount_cents: 1234,
  description: 'Almoço',
  category: 'alimentacao',
  occurred_on: '2026-11-10',
}

async function join(owner: ApiUser, u: ApiUser) {
  expect((await owner.client.post('/api/team/invitations', { email: u.email })).status).toBe(201)
  const token = randomBytes(32).toString('base64url')
  await db().query(
    `update team_invitations set token_hash = $2 where email = $1 and accepted_at is null`,
    [u.email, hashToken(token)],
  )
  expect((await u.client.post(`/api/team/invitations/${token}/accept`, {})).status).toBe(200)
}

async function team() {
  const owner = await userOnPlan(server)
  const member = await signedInUser(server, { name: 'Beto Membro' })
  await join(owner, member)
  return { owner, member }
}

async function register(u: ApiUser, url = 'http://127.0.0.1:9/h') {
  const res = await u.client.post('/api/v1/webhook-endpoints', {
    url,
    events: ['transaction.created'],
  })
  expect(res.status).toBe(201)
  return (await res.json()) as WebhookEndpointWithSecret
}

/** Deliveries each endpoint got for one new entry recorded by `by`. */
async function deliveriesOfOneEntry(by: ApiUser, endpoints: number[]) {
  const before = await deliveryCounts(endpoints)
  expect((await by.client.post('/api/v1/transactions', entry)).status).toBe(201)
  const after = await deliveryCounts(endpoints)
  return after.map((n, i) => n - (before[i] ?? 0))
}

async function deliveryCounts(endpoints: number[]) {
  const { rows } = await db().query<{ id: string; n: number }>(
    `select e.id, count(d.id)::int as n from webhook_endpoints e
       left join webhook_deliveries d on d.endpoint_id = e.id
      where e.id = any ($1::bigint[]) group by e.id`,
    [endpoints],
  )
  return endpoints.map((id) => rows.find((r) => Number(r.id) === id)?.n ?? 0)
}

const list = async (u: ApiUser) => {
  const res = await u.client.request('/api/v1/webhook-endpoints')
  expect(res.status).toBe(200)
  return expectContract(webhookEndpointListSchema, await res.json()).data
}

describe('webhook endpoints belong to their creator', () => {
  it("the owner's list shows who created each; a member sees and manages only their own", async () => {
    const { owner, member } = await team()
    const mine = await register(owner)
    const theirs = await register(member)

    const ownerView = await list(owner)
    expect(ownerView.map((e) => [e.id, e.created_by?.id, e.created_by?.name])).toEqual([
      [theirs.id, member.userId, 'Beto Membro'],
      [mine.id, owner.userId, 'Maria da Silva'],
    ])
    expect((await list(member)).map((e) => e.id)).toEqual([theirs.id])

    // The owner's endpoint is not the member's to read, test, rotate or delete (404, unchanged).
    for (const [method, path] of [
      ['GET', ''],
      ['GET', '/deliveries'],
      ['POST', '/test'],
      ['POST', '/rotate-secret'],
      ['DELETE', ''],
    ] as const) {
      const res = await member.client.request(`/api/v1/webhook-endpoints/${mine.id}${path}`, {
        method,
        json: method === 'POST' ? {} : undefined,
      })
      expect(res.status, `${method} ${path}`).toBe(404)
    }
    const { rows } = await db().query('select secret from webhook_endpoints where id = $1', [
      mine.id,
    ])
    expect(rows[0]).toEqual({ secret: mine.secret })

    // The owner sees the member's endpoint and may delete it, but not sign as its creator.
    expect((await owner.client.request(`/api/v1/webhook-endpoints/${theirs.id}`)).status).toBe(200)
    expect(
      (await owner.client.post(`/api/v1/webhook-endpoints/${theirs.id}/rotate-secret`, {})).status,
    ).toBe(404)
    expect(
      (await owner.client.request(`/api/v1/webhook-endpoints/${theirs.id}`, { method: 'DELETE' }))
        .status,
    ).toBe(204)
    expect((await list(member)).map((e) => e.id)).toEqual([])
  })

  it('stops deliveries to a member removed from the team, including pending ones', async () => {
    const { owner, member } = await team()
    const mine = await register(owner)
    const theirs = await register(member)
    expect(await deliveriesOfOneEntry(owner, [mine.id, theirs.id])).toEqual([1, 1])
    const pending = await db().query<{ id: string }>(
      `select id from webhook_deliveries where endpoint_id = $1 and status = 'pending'`,
      [theirs.id],
    )

    const removed = await owner.client.request(`/api/team/members/${member.userId}`, {
      method: 'DELETE',
    })
    expect(removed.status).toBe(204)
    expect(await deliveriesOfOneEntry(owner, [mine.id, theirs.id])).toEqual([1, 0])

    // The attempt queued before the removal is not made: the delivery ends as failed.
    const result = await attemptDelivery(
      { db: db(), env: server.deps.env, log: createLogger('silent') },
      Number(pending.rows[0]?.id),
    )
    expect(result).toBeNull()
    const after = await db().query(
      'select status, attempts from webhook_deliveries where id = $1',
      [pending.rows[0]?.id],
    )
    expect(after.rows[0]).toEqual({ status: 'failed', attempts: 0 })
    // The owner still sees it (and may delete it).
    expect((await list(owner)).map((e) => e.id)).toEqual([theirs.id, mine.id])
  })

  it('stops deliveries to the endpoints of a member who deletes their account', async () => {
    const { owner, member } = await team()
    const theirs = await register(member)
    expect(await deliveriesOfOneEntry(owner, [theirs.id])).toEqual([1])
    const gone = await member.client.request('/api/me', {
      method: 'DELETE',
      json: { password: PASSWORD },
    })
    expect(gone.status).toBe(200)
    expect(await deliveriesOfOneEntry(owner, [theirs.id])).toEqual([0])
    const view = await list(owner)
    expect(view.map((e) => [e.id, e.created_by])).toEqual([[theirs.id, null]])
  })

  it('stops deliveries while the plan lacks integrações_personalizadas; list and delete still work', async () => {
    const owner = await userOnPlan(server)
    const mine = await register(owner)
    await setPlan(server, owner.userId, 'empresas_2')
    expect(await deliveriesOfOneEntry(owner, [mine.id])).toEqual([0])
    expect((await list(owner)).map((e) => e.id)).toEqual([mine.id])
    const create = await owner.client.post('/api/v1/webhook-endpoints', {
      url: 'http://127.0.0.1:9/h',
      events: ['transaction.created'],
    })
    expect(create.status).toBe(403)
    expect((await errorOf(create)).code).toBe('FEATURE_NOT_IN_PLAN')
    expect(
      (await owner.client.request(`/api/v1/webhook-endpoints/${mine.id}`, { method: 'DELETE' }))
        .status,
    ).toBe(204)
    // Back on the plan, a new endpoint receives again.
    await setPlan(server, owner.userId, 'empresas_15')
    const again = await register(owner)
    expect(await deliveriesOfOneEntry(owner, [again.id])).toEqual([1])
  })

  it('limits test events: 10 in 10 minutes per person, then 429 with Retry-After', async () => {
    const owner = await userOnPlan(server)
    const mine = await register(owner)
    const statuses: number[] = []
    let refused: Response | undefined
    for (let i = 0; i < 24; i++) {
      const res = await owner.client.post(`/api/v1/webhook-endpoints/${mine.id}/test`, {})
      statuses.push(res.status)
      if (res.status === 429) refused = res
      else await res.body?.cancel()
    }
    expect(statuses).toEqual([...Array(10).fill(202), ...Array(14).fill(429)])
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0)
    const error = refused ? await errorOf(refused) : null
    expect(error?.code).toBe('RATE_LIMITED')
    expect(error?.message).toContain('eventos de teste')
    expect(await deliveryCounts([mine.id])).toEqual([10])
  })
})
