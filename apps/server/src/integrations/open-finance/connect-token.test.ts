import {
  type Connection,
  connectionListSchema,
  connectionSchema,
  connectorListSchema,
  connectTokenSchema,
} from '@equilibrai/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../../../test/auth-client.ts'
import { expectContract } from '../../../test/contract.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { FakePluggy } from './fake-pluggy/fake-pluggy.ts'

/*
 * The production path (ARCHITECTURE §11) against the local fake of Pluggy's API: PLUGGY_WIDGET=on
 * makes the server behave as with Pluggy itself — no connectors, no credentials through us, a
 * connect token for the aggregator's widget, then the widget's item posted as {item_id}.
 */

let fake: FakePluggy
let server: TestServer

beforeAll(async () => {
  fake = new FakePluggy({ settleMs: 10 })
  await fake.start()
  server = await startTestServer({
    WORKER: 'on',
    PLUGGY_CLIENT_ID: 'test-client',
    PLUGGY_CLIENT_SECRET: 'test-secret',
    PLUGGY_BASE_URL: fake.url,
    PLUGGY_WEBHOOK_SECRET: 'segredo-do-webhook-de-teste-456',
    PLUGGY_WIDGET: 'on',
  })
})
afterAll(async () => {
  await server?.stop()
  await fake?.stop()
})

type User = Awaited<ReturnType<typeof signedInUser>>

async function user(plan = 'pf_simples'): Promise<User> {
  const u = await signedInUser(server)
  await server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    u.userId,
    plan,
  ])
  return u
}

async function token(u: User, body?: unknown) {
  const res = await u.client.post('/api/v1/connections/connect-token', body)
  expect(res.status, await res.clone().text()).toBe(200)
  return expectContract(connectTokenSchema, await res.json())
}

/** What the widget does in the browser with the token: creates the item at the aggregator. */
async function widgetCreatesItem(connectToken: string) {
  const res = await fetch(`${fake.url}/items`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': connectToken },
    body: JSON.stringify({
      connectorId: 2,
      parameters: { user: 'user-ok', password: 'password-ok' },
    }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { id: string }).id
}

async function statusOf(u: User, id: number) {
  const res = await u.client.request('/api/v1/connections')
  return expectContract(connectionListSchema, await res.json()).data.find((c) => c.id === id)
    ?.status
}

describe('connect token (widget mode)', () => {
  it('says the mode is widget and offers no connectors; credentials are refused', async () => {
    const u = await user()
    const res = await u.client.request('/api/v1/connections/connectors')
    expect(expectContract(connectorListSchema, await res.json())).toEqual({
      data: [],
      mode: 'widget',
    })
    const refused = await u.client.post('/api/v1/connections', {
      connector_id: 2,
      credentials: { user: 'user-ok', password: 'password-ok' },
    })
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'CREDENTIALS_NOT_ACCEPTED',
    )
  })

  it('gives a token the widget uses; the item it made is posted and gets in dia', async () => {
    const u = await user()
    const answer = await token(u)
    expect(answer.mode).toBe('widget')
    expect(answer.item_id).toBeNull()
    const asked = fake.connectTokens.at(-1)
    expect(asked).toEqual({
      itemId: null,
      clientUserId: u.userId,
      webhookUrl: expect.stringContaining('/api/webhooks/pluggy?secret='),
    })
    const itemId = await widgetCreatesItem(answer.connect_token)
    const res = await u.client.post('/api/v1/connections', { item_id: itemId })
    expect(res.status, await res.clone().text()).toBe(201)
    const created: Connection = expectContract(connectionSchema, await res.json())
    await expect.poll(() => statusOf(u, created.id), { timeout: 15_000, interval: 50 }).toBe('ok')

    // Reconnecting: the token is made for that connection's item.
    const again = await token(u, { connection_id: created.id })
    expect(again.connect_token).not.toBe(answer.connect_token)
    expect(fake.connectTokens.at(-1)?.itemId).toBe(itemId)
    expect(again.item_id).toBe(itemId)
  })

  it('free plan 403 FEATURE_NOT_IN_PLAN; another ledger’s connection 404; bad body 400', async () => {
    const free = await user('free')
    const res = await free.client.post('/api/v1/connections/connect-token', undefined)
    expect(res.status).toBe(403)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      'FEATURE_NOT_IN_PLAN',
    )

    const owner = await user()
    const itemId = await widgetCreatesItem((await token(owner)).connect_token)
    const made = await owner.client.post('/api/v1/connections', { item_id: itemId })
    const id = expectContract(connectionSchema, await made.json()).id
    const other = await user()
    const foreign = await other.client.post('/api/v1/connections/connect-token', {
      connection_id: id,
    })
    expect(foreign.status).toBe(404)
    for (const body of [{ connection_id: 'x' }, { connection_id: 0 }, { extra: 1 }]) {
      const bad = await other.client.post('/api/v1/connections/connect-token', body)
      expect(bad.status, JSON.stringify(body)).toBe(400)
      expect(((await bad.json()) as { error: { code: string } }).error.code).toBeTruthy()
    }
  })
})
