import {
  type Transaction,
  type WebhookEndpointWithSecret,
  type WebhookEventBody,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookTestEventSchema,
} from '@equilibrai/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKey, errorOf, userOnPlan, withKey } from '../../test/api-kit.ts'
import { expectContract } from '../../test/contract.ts'
import { startTestServer, type TestServer } from '../../test/test-server.ts'
import { startReceiver } from '../../test/webhook-receiver.ts'
import { withTransaction } from '../platform/db/transaction.ts'
import { handleMessage } from '../assistant/assistant-service.ts'
import { verifySignature } from './signature.ts'
import { useTestServer } from '../../test/use-test-database.ts'

let server: TestServer
const receivers: Awaited<ReturnType<typeof startReceiver>>[] = []
beforeAll(async () => {
  server = await startTestServer({ WORKER: 'on', TRUST_PROXY: 'x-forwarded-for' })
})
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()))
  await server?.stop()
})

async function receiver(script?: number[]) {
  const r = await startReceiver(script)
  receivers.push(r)
  return r
}

const entry = {
  type: 'expense',
  amount_cents: 4590,
  description: 'Mercado do mês',
  category: 'mercado',
  occurred_on: '2026-11-10',
}

async function register(key: string, url: string, events = ['transaction.created']) {
  const res = await withKey(server, key, '/api/v1/webhook-endpoints', { json: { url, events } })
  expect(res.status).toBe(201)
  return expectContract(webhookEndpointWithSecretSchema, await res.json())
}

const db = () => server.database.pool

/** The delivery's pending job (its next attempt), once the previous attempt is recorded. */
async function nextAttempt(deliveryId: number, attempts: number) {
  let row: { id: string; run_at: Date; last_attempt_at: Date } | undefined
  await expect
    .poll(
      async () => {
        row = (
          await db().query(
            `select j.id, j.run_at, d.last_attempt_at from webhook_deliveries d
               join graphile_worker.jobs j on j.key = 'webhook:' || d.id and j.locked_at is null
              where d.id = $1 and d.attempts = $2`,
            [deliveryId, attempts],
          )
        ).rows[0]
        return row !== undefined
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true)
  if (!row) throw new Error('unreachable')
  return row
}

describe('outgoing webhooks', () => {
  it('signs each delivery; retries after 500s with growing delays and the same event id', async () => {
    const u = await userOnPlan(server)
    const { key } = await createKey(u)
    const hook = await receiver([500, 503, 200])
    const endpoint = await register(key, hook.url)
    expect(endpoint.secret).toMatch(/^whsec_/)

    const created = (await (
      await withKey(server, key, '/api/v1/transactions', { json: entry })
    ).json()) as Transaction
    const { rows } = await db().query<{ id: string }>(
      'select id from webhook_deliveries where endpoint_id = $1',
      [endpoint.id],
    )
    const deliveryId = Number(rows[0]?.id)

    // Attempt 1 fails (500): the next is queued 5 s later. Fast-forward it instead of waiting.
    const second = await nextAttempt(deliveryId, 1)
    expect(second.run_at.getTime() - second.last_attempt_at.getTime()).toBe(5_000)
    await db().query('select graphile_worker.reschedule_jobs(array[$1::bigint], run_at => now())', [
      second.id,
    ])
    // Attempt 2 fails (503): the next one 30 s later.
    const third = await nextAttempt(deliveryId, 2)
    expect(third.run_at.getTime() - third.last_attempt_at.getTime()).toBe(30_000)
    await db().query('select graphile_worker.reschedule_jobs(array[$1::bigint], run_at => now())', [
      third.id,
    ])
    await expect
      .poll(
        async () =>
          (
            await db().query(
              'select status, attempts, last_status_code from webhook_deliveries where id = $1',
              [deliveryId],
            )
          ).rows[0],
        { timeout: 15_000, interval: 100 },
      )
      .toEqual({ status: 'succeeded', attempts: 3, last_status_code: 200 })

    expect(hook.received).toHaveLength(3)
    const bodies = hook.received.map((r) => JSON.parse(r.body) as WebhookEventBody)
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1)
    expect(bodies[0]).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      type: 'transaction.created',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      data: expect.objectContaining({ id: created.id, amount_cents: 4590, source: 'api' }),
    })
    for (const r of hook.received) {
      const header = String(r.headers['equilibrai-signature'])
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
      expect(verifySignature(endpoint.secret, header, r.body)).toBe(true)
      expect(verifySignature('whsec_outro', header, r.body)).toBe(false)
      expect(verifySignature(endpoint.secret, header, `${r.body} `)).toBe(false)
    }

    const log = expectContract(
      webhookDeliveryListSchema,
      await (
        await withKey(server, key, `/api/v1/webhook-endpoints/${endpoint.id}/deliveries`)
      ).json(),
    )
    expect(log.data).toEqual([
      {
        event_id: bodies[0]?.id,
        type: 'transaction.created',
        status: 'succeeded',
        attempts: 3,
        last_status_code: 200,
        created_at: expect.any(String),
      },
    ])
  })

  it('emits for entries from every source: web, API, edits and deletes, only to subscribers', async () => {
    const u = await userOnPlan(server)
    const { key } = await createKey(u)
    const all = await receiver()
    const onlyDeleted = await receiver()
    await register(key, all.url, [
      'transaction.created',
      'transaction.updated',
      'transaction.deleted',
    ])
    await register(key, onlyDeleted.url, ['transaction.deleted'])
    const web = (await (await u.client.post('/api/v1/transactions', entry)).json()) as Transaction
    await u.client.request(`/api/v1/transactions/${web.id}`, {
      method: 'PATCH',
      json: { amount_cents: 5000 },
    })
    await u.client.request(`/api/v1/transactions/${web.id}`, { method: 'DELETE' })
    // Someone else's entries reach no endpoint of this ledger.
    const other = await userOnPlan(server)
    await other.client.post('/api/v1/transactions', entry)

    await expect.poll(() => all.received.length, { timeout: 15_000 }).toBe(3)
    await expect.poll(() => onlyDeleted.received.length, { timeout: 15_000 }).toBe(1)
    const types = all.received.map((r) => (JSON.parse(r.body) as WebhookEventBody).type).sort()
    expect(types).toEqual(['transaction.created', 'transaction.deleted', 'transaction.updated'])
    const updated = all.received
      .map((r) => JSON.parse(r.body) as WebhookEventBody)
      .find((b) => b.type === 'transaction.updated')
    expect(updated?.data).toMatchObject({ id: web.id, amount_cents: 5000, source: 'web' })
  })

  it('delivers a signed event for an entry recorded on WhatsApp', async () => {
    const u = await userOnPlan(server)
    const hook = await receiver()
    const endpoint = (await (
      await u.client.post('/api/v1/webhook-endpoints', {
        url: hook.url,
        events: ['transaction.created'],
      })
    ).json()) as WebhookEndpointWithSecret
    await withTransaction(db(), (tx) =>
      handleMessage(tx, {
        userId: u.userId,
        text: 'gastei 45,90 no mercado',
        now: new Date(),
        source: 'whatsapp',
        messageId: `wamid.webhook.${Math.random()}`,
        publicUrl: server.url,
      }),
    )
    await expect.poll(() => hook.received.length, { timeout: 15_000 }).toBe(1)
    const got = hook.received[0]
    const body = JSON.parse(got?.body ?? '{}') as WebhookEventBody
    expect(body.type).toBe('transaction.created')
    expect(body.data).toMatchObject({ amount_cents: 4590, category: 'mercado', source: 'whatsapp' })
    expect(
      verifySignature(
        endpoint.secret,
        String(got?.headers['equilibrai-signature']),
        got?.body ?? '',
      ),
    ).toBe(true)

    // A purchase in installments: one event per installment, future months included.
    await withTransaction(db(), (tx) =>
      handleMessage(tx, {
        userId: u.userId,
        text: 'geladeira 1.200 em 3x',
        now: new Date(),
        source: 'whatsapp',
        messageId: `wamid.webhook.${Math.random()}`,
        publicUrl: server.url,
      }),
    )
    await expect.poll(() => hook.received.length, { timeout: 15_000 }).toBe(4)
    const installments = hook.received
      .slice(1)
      .map((r) => (JSON.parse(r.body) as WebhookEventBody).data as { amount_cents: number })
    expect(installments.map((d) => d.amount_cents)).toEqual([40000, 40000, 40000])
  })

  it('sends a test event, rotates the secret, lists, deletes; other ledgers get 404', async () => {
    const u = await userOnPlan(server)
    const hook = await receiver()
    const res = await u.client.post('/api/v1/webhook-endpoints', {
      url: hook.url,
      events: ['bill.due', 'budget.alert'],
    })
    expect(res.status).toBe(201)
    const endpoint = expectContract(webhookEndpointWithSecretSchema, await res.json())
    const rotated = expectContract(
      webhookEndpointWithSecretSchema,
      await (
        await u.client.post(`/api/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, {})
      ).json(),
    )
    expect(rotated.secret).not.toBe(endpoint.secret)
    const test = await u.client.post(`/api/v1/webhook-endpoints/${endpoint.id}/test`, {})
    expect(test.status).toBe(202)
    expect(expectContract(webhookTestEventSchema, await test.json()).event_id).toBeTruthy()
    await expect.poll(() => hook.received.length, { timeout: 15_000 }).toBe(1)
    const got = hook.received[0]
    const body = JSON.parse(got?.body ?? '{}') as WebhookEventBody
    expect(body.type).toBe('webhook.test')
    expect(
      verifySignature(
        rotated.secret,
        String(got?.headers['equilibrai-signature']),
        got?.body ?? '',
      ),
    ).toBe(true)
    expect(
      verifySignature(
        endpoint.secret,
        String(got?.headers['equilibrai-signature']),
        got?.body ?? '',
      ),
    ).toBe(false)

    const list = expectContract(
      webhookEndpointListSchema,
      await (await u.client.request('/api/v1/webhook-endpoints')).json(),
    )
    expect(list).toEqual({
      data: [
        {
          id: endpoint.id,
          url: hook.url,
          events: ['bill.due', 'budget.alert'],
          created_at: expect.any(String),
          disabled_at: null,
          created_by: { id: u.userId, name: 'Maria da Silva' },
        },
      ],
    })
    expect(JSON.stringify(list)).not.toContain('whsec_')
    const one = await u.client.request(`/api/v1/webhook-endpoints/${endpoint.id}`)
    expect(one.status).toBe(200)
    expect(expectContract(webhookEndpointSchema, await one.json())).toEqual(list.data[0])

    const stranger = await userOnPlan(server)
    for (const [method, path] of [
      ['GET', ''],
      ['DELETE', ''],
      ['POST', '/test'],
      ['POST', '/rotate-secret'],
      ['GET', '/deliveries'],
    ] as const) {
      const r = await stranger.client.request(`/api/v1/webhook-endpoints/${endpoint.id}${path}`, {
        method,
        json: method === 'POST' ? {} : undefined,
      })
      expect(r.status).toBe(404)
    }
    expect(
      (await u.client.request(`/api/v1/webhook-endpoints/${endpoint.id}`, { method: 'DELETE' }))
        .status,
    ).toBe(204)
    expect((await u.client.request(`/api/v1/webhook-endpoints/${endpoint.id}`)).status).toBe(404)
  })

  it('needs integrações_personalizadas and valid input', async () => {
    const small = await userOnPlan(server, 'empresas_2')
    const denied = await small.client.post('/api/v1/webhook-endpoints', {
      url: 'https://exemplo.com.br/h',
      events: ['transaction.created'],
    })
    expect(denied.status).toBe(403)
    expect((await errorOf(denied)).code).toBe('FEATURE_NOT_IN_PLAN')

    const u = await userOnPlan(server)
    for (const [body, message] of [
      [
        { url: 'ftp://exemplo.com.br', events: ['transaction.created'] },
        'URL inválida (use http:// ou https://)',
      ],
      [{ url: 'https://exemplo.com.br', events: [] }, 'Escolha ao menos um evento'],
      [{ url: 'https://exemplo.com.br', events: ['conta.paga'] }, 'Evento inválido'],
    ] as const) {
      const res = await u.client.post('/api/v1/webhook-endpoints', body)
      expect(res.status).toBe(400)
      expect((await errorOf(res)).message).toBe(message)
    }
  })

  it('disables an endpoint failing for 3 days and e-mails the owner', async () => {
    const u = await userOnPlan(server)
    const hook = await receiver([500])
    const endpoint = (await (
      await u.client.post('/api/v1/webhook-endpoints', {
        url: hook.url,
        events: ['transaction.created'],
      })
    ).json()) as WebhookEndpointWithSecret
    await db().query(
      `update webhook_endpoints set failing_since = now() - interval '3 days 1 minute' where id = $1`,
      [endpoint.id],
    )
    await u.client.post('/api/v1/transactions', entry)
    await expect
      .poll(
        async () =>
          (
            await db().query(
              'select disabled_at is not null as off from webhook_endpoints where id = $1',
              [endpoint.id],
            )
          ).rows[0]?.off,
        { timeout: 15_000, interval: 100 },
      )
      .toBe(true)
    const delivery = (
      await db().query('select status from webhook_deliveries where endpoint_id = $1', [
        endpoint.id,
      ])
    ).rows[0]
    expect(delivery).toEqual({ status: 'failed' })
    const { readdirSync } = await import('node:fs')
    await expect
      .poll(
        () => readdirSync(`${server.dataDir}/mail`).some((f) => f.includes('webhook-disabled')),
        {
          timeout: 10_000,
        },
      )
      .toBe(true)
    // A disabled endpoint gets no new events.
    await u.client.post('/api/v1/transactions', entry)
    const count = (
      await db().query('select count(*)::int as n from webhook_deliveries where endpoint_id = $1', [
        endpoint.id,
      ])
    ).rows[0]
    expect(count).toEqual({ n: 1 })
  })

  it('stops retrying once the event is 24 h old: the delivery is marked failed', async () => {
    const u = await userOnPlan(server)
    const hook = await receiver([500])
    const endpoint = (await (
      await u.client.post('/api/v1/webhook-endpoints', {
        url: hook.url,
        events: ['transaction.created'],
      })
    ).json()) as WebhookEndpointWithSecret
    await u.client.post('/api/v1/transactions', entry)
    await expect.poll(() => hook.received.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1)
    const deliveryId = Number(
      (await db().query('select id from webhook_deliveries where endpoint_id = $1', [endpoint.id]))
        .rows[0]?.id,
    )
    const next = await nextAttempt(deliveryId, 1)
    // As if the event were recorded 23 h 59 min 58 s ago: the retry after this one would pass 24 h.
    await db().query(
      `update webhook_events set created_at = now() - interval '23 hours 59 minutes 58 seconds'
        where id = (select event_id from webhook_deliveries where id = $1)`,
      [deliveryId],
    )
    await db().query('select graphile_worker.reschedule_jobs(array[$1::bigint], run_at => now())', [
      next.id,
    ])
    await expect
      .poll(
        async () =>
          (
            await db().query(
              'select status, attempts, next_attempt_at from webhook_deliveries where id = $1',
              [deliveryId],
            )
          ).rows[0],
        { timeout: 15_000, interval: 100 },
      )
      .toEqual({ status: 'failed', attempts: 2, next_attempt_at: null })
    const waiting = await db().query(
      `select count(*)::int as n from graphile_worker.jobs where key = 'webhook:' || $1::text`,
      [deliveryId],
    )
    expect(waiting.rows[0]).toEqual({ n: 0 })
  })
})

describe('outgoing webhooks under the production URL policy', () => {
  const strict = useTestServer({ WEBHOOK_URLS: 'public-https' })

  it('refuses http, loopback, private and metadata addresses at registration', async () => {
    const { signedInUser } = await import('../../test/auth-client.ts')
    const u = await signedInUser(strict)
    await strict.database.pool.query(
      `update subscribers set plan_type = 'empresas_15' where user_id = $1`,
      [u.userId],
    )
    for (const [url, message] of [
      ['http://exemplo.com.br/h', 'Use uma URL https://.'],
      ['https://127.0.0.1/h', 'rede privada'],
      ['https://localhost/h', 'rede privada'],
      ['https://10.0.0.8/h', 'rede privada'],
      ['https://169.254.169.254/latest/meta-data', 'rede privada'],
      ['https://[::1]/h', 'rede privada'],
    ] as const) {
      const res = await u.client.post('/api/v1/webhook-endpoints', {
        url,
        events: ['transaction.created'],
      })
      expect(res.status, url).toBe(400)
      const error = await errorOf(res)
      expect(error.code).toBe('WEBHOOK_URL_NOT_ALLOWED')
      expect(error.message).toContain(message)
    }
    const { rows } = await strict.database.pool.query(
      'select count(*)::int as n from webhook_endpoints',
    )
    expect(rows[0]).toEqual({ n: 0 })
  })
})
