import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, type TestClient } from '../../test/auth-client.ts'
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe.ts'
import { startTestServer, type TestServer } from '../../test/test-server.ts'

/**
 * Paid plans through Stripe, end to end on the server: the real SDK against a local fake
 * Stripe, our real webhook route and job, events signed with the SDK's test header helper.
 */
const WEBHOOK_SECRET = 'whsec_test_equilibrai'
const PRICES = { pf_simples: 'price_pf', empresas_2: 'price_e2', empresas_15: 'price_e15' }

let fake: FakeStripe
let server: TestServer
beforeAll(async () => {
  fake = await startFakeStripe()
  server = await startTestServer({
    STRIPE_SECRET_KEY: 'sk_test_equilibrai',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
    STRIPE_PRICE_PF_SIMPLES: PRICES.pf_simples,
    STRIPE_PRICE_EMPRESAS_2: PRICES.empresas_2,
    STRIPE_PRICE_EMPRESAS_15: PRICES.empresas_15,
    TRUST_PROXY: 'x-forwarded-for',
    WORKER: 'on',
  })
})
afterAll(async () => {
  await server?.stop()
  await fake?.close()
})

type Json = Record<string, unknown>

function sign(payload: string, options: { timestamp?: number; secret?: string } = {}) {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  })
}

function postEvent(payload: string, signature: string | null) {
  return server.api('/api/webhooks/stripe', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    body: payload,
  })
}

async function deliver(event: Json) {
  const payload = JSON.stringify(event)
  const res = await postEvent(payload, sign(payload))
  expect(res.status).toBe(200)
  return (await res.json()) as { received: boolean; duplicate: boolean }
}

async function subscriber(userId: string) {
  const { rows } = await server.database.pool.query(
    `select plan_type, subscription_status, current_period_end, stripe_customer_id,
            stripe_subscription_id
       from subscribers where user_id = $1`,
    [userId],
  )
  return rows[0] as {
    plan_type: string
    subscription_status: string
    current_period_end: Date | null
    stripe_customer_id: string | null
    stripe_subscription_id: string | null
  }
}

/** Waits for every queued job to finish (the worker runs inside the test server). */
async function jobsDone() {
  await expect
    .poll(
      async () =>
        (await server.database.pool.query('select count(*)::int as n from graphile_worker.jobs'))
          .rows[0]?.n,
      { timeout: 20_000 },
    )
    .toBe(0)
}

async function eventRow(id: string) {
  const { rows } = await server.database.pool.query(
    'select type, processed_at, error from stripe_events where id = $1',
    [id],
  )
  return rows[0] as { type: string; processed_at: Date | null; error: string | null } | undefined
}

async function checkout(client: TestClient, priceId: unknown) {
  return client.post('/api/billing/checkout-session', { priceId })
}

/** A signed-in user who bought pf_simples through Checkout; the webhook has been processed. */
async function subscribedUser(periodEnd = new Date('2031-01-15T12:00:00Z')) {
  const user = await signedInUser(server)
  const res = await checkout(user.client, PRICES.pf_simples)
  expect(res.status).toBe(200)
  const sessionId = [...fake.checkoutSessions.keys()].at(-1) ?? ''
  const { session, subscription } = fake.completeCheckout(sessionId, { periodEnd })
  await deliver(fake.event('checkout.session.completed', session))
  await jobsDone()
  return { ...user, subscription }
}

describe('POST /api/billing/checkout-session with Stripe', () => {
  it('creates one customer per user and a subscription-mode session for them', async () => {
    const { client, userId, email } = await signedInUser(server, { name: 'Ana Lima' })
    const [a, b] = await Promise.all([
      checkout(client, PRICES.pf_simples),
      checkout(client, PRICES.empresas_2),
    ])
    expect(a.status).toBe(200)
    expect(b.status).toBe(200)
    expect(((await a.json()) as { url: string }).url).toMatch(
      /^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/,
    )

    const created = fake.requests.filter((r) => r.path === '/v1/customers')
    const mine = created.filter((r) => (r.body.metadata as Json).user_id === userId)
    expect(new Set(mine.map((r) => r.idempotencyKey))).toEqual(
      new Set([`customer-for-user-${userId}`]),
    )
    expect(mine[0]?.body).toMatchObject({ email, name: 'Ana Lima' })
    const customers = [...fake.customers.values()].filter(
      (c) => (c.metadata as Json).user_id === userId,
    )
    expect(customers).toHaveLength(1)
    expect((await subscriber(userId)).stripe_customer_id).toBe(customers[0]?.id)

    const sessions = [...fake.checkoutSessions.values()].filter(
      (s) => s.params.client_reference_id === userId,
    )
    expect(sessions).toHaveLength(2)
    expect(sessions[0]?.params).toMatchObject({
      mode: 'subscription',
      customer: customers[0]?.id,
      client_reference_id: userId,
      metadata: { user_id: userId },
      subscription_data: { metadata: { user_id: userId } },
      success_url: `${server.deps.env.PUBLIC_URL}/dashboard?checkout=success`,
      cancel_url: `${server.deps.env.PUBLIC_URL}/dashboard?checkout=cancel`,
    })
    expect(sessions.map((s) => (s.params.line_items as Json[])[0])).toEqual(
      expect.arrayContaining([
        { price: PRICES.pf_simples, quantity: '1' },
        { price: PRICES.empresas_2, quantity: '1' },
      ]),
    )
  })

  it('refuses prices of no plan (400), and plans that cannot be bought', async () => {
    const { client } = await signedInUser(server)
    const unknown = await checkout(client, 'price_of_nothing')
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toEqual({
      error: { code: 'UNKNOWN_PRICE', message: 'Plano não encontrado.' },
    })
    for (const priceId of [null, '', undefined]) {
      const res = await checkout(client, priceId)
      expect(res.status).toBe(422)
      expect(await res.json()).toEqual({
        error: {
          code: 'PLAN_NOT_FOR_SALE',
          message: 'Este plano não está disponível para compra',
        },
      })
    }
    expect((await checkout(client, 42)).status).toBe(400)
  })

  it('asks for a session', async () => {
    const res = await server.api('/api/billing/checkout-session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ priceId: PRICES.pf_simples }),
    })
    expect(res.status).toBe(401)
  })
})

describe('the subscription follows Stripe', () => {
  it('purchase: the plan, its status and renewal date apply at once', async () => {
    const periodEnd = new Date('2031-01-15T12:00:00Z')
    const { client, userId, subscription } = await subscribedUser(periodEnd)
    expect(await subscriber(userId)).toMatchObject({
      plan_type: 'pf_simples',
      subscription_status: 'active',
      current_period_end: periodEnd,
      stripe_subscription_id: subscription.id,
    })
    const res = await client.request('/api/subscription')
    expect(await res.json()).toMatchObject({
      plan_type: 'pf_simples',
      subscription_status: 'active',
      current_period_end: periodEnd.toISOString(),
      plan_features: { plan_type: 'pf_simples', max_monthly_transactions: -1 },
    })
    // The other announcements of the same purchase change nothing.
    await deliver(
      fake.event('customer.subscription.created', fake.subscriptionJson(subscription.id)),
    )
    await deliver(fake.event('invoice.paid', fake.invoiceJson(subscription.id)))
    await jobsDone()
    expect((await subscriber(userId)).plan_type).toBe('pf_simples')
  })

  it('renewal: invoice.paid moves current_period_end', async () => {
    const { userId, subscription } = await subscribedUser()
    const next = new Date('2031-02-15T12:00:00Z')
    fake.updateSubscription(subscription.id, { periodEnd: next })
    await deliver(fake.event('invoice.paid', fake.invoiceJson(subscription.id)))
    await jobsDone()
    expect(await subscriber(userId)).toMatchObject({
      plan_type: 'pf_simples',
      subscription_status: 'active',
      current_period_end: next,
    })
  })

  it('payment failure: past_due is shown as it is and the plan stays', async () => {
    const { userId, subscription } = await subscribedUser()
    fake.updateSubscription(subscription.id, { status: 'past_due' })
    await deliver(fake.event('invoice.payment_failed', fake.invoiceJson(subscription.id, 'open')))
    await jobsDone()
    expect(await subscriber(userId)).toMatchObject({
      plan_type: 'pf_simples',
      subscription_status: 'past_due',
    })
  })

  it('unpaid after the retries: free limits, the status shown as it is', async () => {
    const { userId, subscription } = await subscribedUser()
    fake.updateSubscription(subscription.id, { status: 'unpaid' })
    await deliver(
      fake.event('customer.subscription.updated', fake.subscriptionJson(subscription.id)),
    )
    await jobsDone()
    expect(await subscriber(userId)).toMatchObject({
      plan_type: 'free',
      subscription_status: 'unpaid',
      stripe_subscription_id: subscription.id,
    })
    // Paid again: the plan comes back.
    fake.updateSubscription(subscription.id, { status: 'active' })
    await deliver(fake.event('invoice.paid', fake.invoiceJson(subscription.id)))
    await jobsDone()
    expect(await subscriber(userId)).toMatchObject({
      plan_type: 'pf_simples',
      subscription_status: 'active',
    })
  })

  it('plan change: an updated subscription on another price moves the plan', async () => {
    const { userId, subscription } = await subscribedUser()
    fake.updateSubscription(subscription.id, { priceId: PRICES.empresas_15 })
    await deliver(
      fake.event('customer.subscription.updated', fake.subscriptionJson(subscription.id)),
    )
    await jobsDone()
    expect((await subscriber(userId)).plan_type).toBe('empresas_15')
  })

  it('cancellation: back to free, the customer kept for next time', async () => {
    const { userId, subscription } = await subscribedUser()
    const customer = (await subscriber(userId)).stripe_customer_id
    fake.updateSubscription(subscription.id, { status: 'canceled' })
    await deliver(
      fake.event('customer.subscription.deleted', fake.subscriptionJson(subscription.id)),
    )
    await jobsDone()
    expect(await subscriber(userId)).toEqual({
      plan_type: 'free',
      subscription_status: 'active',
      current_period_end: null,
      stripe_customer_id: customer,
      stripe_subscription_id: null,
    })
  })

  it('out of order: an old "updated" arriving after "deleted" leaves the user on free', async () => {
    const { userId, subscription } = await subscribedUser()
    const activeSnapshot = fake.subscriptionJson(subscription.id)
    const created = Math.floor(Date.now() / 1000) - 60
    fake.updateSubscription(subscription.id, { status: 'canceled' })
    await deliver(
      fake.event('customer.subscription.deleted', fake.subscriptionJson(subscription.id)),
    )
    await jobsDone()
    // Sent before the deletion, delivered after it: its copy says active, Stripe says canceled.
    await deliver(fake.event('customer.subscription.updated', activeSnapshot, { created }))
    await jobsDone()
    expect(await subscriber(userId)).toMatchObject({
      plan_type: 'free',
      stripe_subscription_id: null,
    })
  })

  it('an old subscription ending does not take away a newer one', async () => {
    const { client, userId, subscription: first } = await subscribedUser()
    fake.updateSubscription(first.id, { status: 'canceled' })
    await checkout(client, PRICES.empresas_2)
    const sessionId = [...fake.checkoutSessions.keys()].at(-1) ?? ''
    const { session, subscription: second } = fake.completeCheckout(sessionId)
    await deliver(fake.event('checkout.session.completed', session))
    await jobsDone()
    await deliver(fake.event('customer.subscription.deleted', fake.subscriptionJson(first.id)))
    await jobsDone()
    expect(await subscriber(userId)).toMatchObject({
      plan_type: 'empresas_2',
      stripe_subscription_id: second.id,
    })
  })
})

describe('POST /api/webhooks/stripe', () => {
  it('replay: the same event id answers 200 and changes nothing', async () => {
    const { userId, subscription } = await subscribedUser()
    const event = fake.event(
      'customer.subscription.updated',
      fake.subscriptionJson(subscription.id),
    )
    expect(await deliver(event)).toEqual({ received: true, duplicate: false })
    await jobsDone()
    const before = await subscriber(userId)
    const processed = await eventRow(String(event.id))
    // Stripe's state moves on, but a replayed event must not be processed again.
    fake.updateSubscription(subscription.id, { priceId: PRICES.empresas_15 })
    const retrievals = fake.requests.filter((r) => r.method === 'GET').length
    expect(await deliver(event)).toEqual({ received: true, duplicate: true })
    expect(await deliver(event)).toEqual({ received: true, duplicate: true })
    await jobsDone()
    expect(await subscriber(userId)).toEqual(before)
    expect(await eventRow(String(event.id))).toEqual(processed)
    expect(fake.requests.filter((r) => r.method === 'GET')).toHaveLength(retrievals)
  })

  it('refuses a tampered body, a wrong secret, no signature and a stale timestamp', async () => {
    const { userId, subscription } = await subscribedUser()
    const before = await subscriber(userId)
    fake.updateSubscription(subscription.id, { status: 'canceled' })
    const event = fake.event(
      'customer.subscription.deleted',
      fake.subscriptionJson(subscription.id),
    )
    const payload = JSON.stringify(event)
    const tampered = payload.replace('"canceled"', '"active"')
    const attempts = [
      postEvent(tampered, sign(payload)),
      postEvent(payload, sign(payload, { secret: 'whsec_someone_else' })),
      postEvent(payload, null),
      postEvent(payload, 'garbage'),
      postEvent(payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 })),
    ]
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(400)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        'INVALID_SIGNATURE',
      )
    }
    expect(await eventRow(String(event.id))).toBeUndefined()
    await jobsDone()
    expect(await subscriber(userId)).toEqual(before)
  })

  it('records other event types once, without processing them', async () => {
    const event = fake.event('customer.created', { id: 'cus_other', object: 'customer' })
    await deliver(event)
    expect(await eventRow(String(event.id))).toMatchObject({
      type: 'customer.created',
      error: null,
    })
    expect((await eventRow(String(event.id)))?.processed_at).toBeInstanceOf(Date)
  })

  it('never loses an acknowledged event: Stripe failing is retried by the job queue', async () => {
    const { userId, subscription } = await subscribedUser()
    fake.updateSubscription(subscription.id, { priceId: PRICES.empresas_2 })
    // More failures than the SDK's own retries: the job fails once and runs again later.
    fake.failNext('GET', `/v1/subscriptions/${subscription.id}`, 3, 500)
    const event = fake.event(
      'customer.subscription.updated',
      fake.subscriptionJson(subscription.id),
    )
    await deliver(event)
    // The SDK's own retries back off for a second or two before the job gives up once.
    await expect
      .poll(async () => (await eventRow(String(event.id)))?.error, { timeout: 15_000 })
      .toBeTruthy()
    await jobsDone()
    expect(await eventRow(String(event.id))).toMatchObject({ error: null })
    expect((await subscriber(userId)).plan_type).toBe('empresas_2')
  })

  it('gives up, saying why, on a subscription Stripe does not know or nobody owns', async () => {
    const missing = fake.event('customer.subscription.updated', { id: 'sub_unknown' })
    fake.subscriptions.set('sub_stranger', {
      id: 'sub_stranger',
      customer: 'cus_stranger',
      status: 'active',
      priceId: PRICES.pf_simples,
      itemId: 'si_stranger',
      currentPeriodStart: 0,
      currentPeriodEnd: 0,
      metadata: {},
    })
    const stranger = fake.event(
      'customer.subscription.created',
      fake.subscriptionJson('sub_stranger'),
    )
    await deliver(missing)
    await deliver(stranger)
    await jobsDone()
    expect((await eventRow(String(missing.id)))?.error).toMatch(/sub_unknown/)
    expect((await eventRow(String(stranger.id)))?.error).toMatch(/cus_stranger/)
  })
})

describe('POST /api/billing/portal-session with Stripe', () => {
  it('opens the customer portal, back to the dashboard', async () => {
    const { client, userId } = await subscribedUser()
    const res = await client.post('/api/billing/portal-session', {})
    expect(res.status).toBe(200)
    expect(((await res.json()) as { url: string }).url).toMatch(
      /^https:\/\/billing\.stripe\.test\//,
    )
    expect(fake.portalSessions.at(-1)).toMatchObject({
      customer: (await subscriber(userId)).stripe_customer_id,
      return_url: `${server.deps.env.PUBLIC_URL}/dashboard`,
    })
  })

  it('a user with no customer gets a 409 in pt-BR', async () => {
    const { client } = await signedInUser(server)
    const res = await client.post('/api/billing/portal-session', {})
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({
      error: { code: 'NO_SUBSCRIPTION', message: 'Você ainda não tem uma assinatura.' },
    })
  })

  it('a paying user buying another plan confirms a change instead of a second subscription', async () => {
    const { client, subscription } = await subscribedUser()
    const sessionsBefore = fake.checkoutSessions.size
    const res = await checkout(client, PRICES.empresas_2)
    expect(res.status).toBe(200)
    expect(fake.checkoutSessions.size).toBe(sessionsBefore)
    expect(fake.portalSessions.at(-1)).toMatchObject({
      flow_data: {
        type: 'subscription_update_confirm',
        subscription_update_confirm: {
          subscription: subscription.id,
          items: [{ id: subscription.itemId, price: PRICES.empresas_2, quantity: '1' }],
        },
        after_completion: {
          type: 'redirect',
          redirect: { return_url: `${server.deps.env.PUBLIC_URL}/dashboard?checkout=success` },
        },
      },
    })
    const same = await checkout(client, PRICES.pf_simples)
    expect(same.status).toBe(409)
  })

  it('a subscription already gone at Stripe gets a new checkout instead', async () => {
    const { client, subscription } = await subscribedUser()
    fake.subscriptions.delete(subscription.id)
    const sessionsBefore = fake.checkoutSessions.size
    const res = await checkout(client, PRICES.empresas_2)
    expect(res.status).toBe(200)
    expect(fake.checkoutSessions.size).toBe(sessionsBefore + 1)
  })
})

describe('a server without a job runner (WORKER=off)', () => {
  it('still stores and queues the event before answering', async () => {
    const alone = await startTestServer({
      STRIPE_SECRET_KEY: 'sk_test_equilibrai',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
    })
    try {
      const event = fake.event('customer.subscription.updated', { id: 'sub_x', customer: 'cus_x' })
      const payload = JSON.stringify(event)
      const res = await alone.api('/api/webhooks/stripe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
        body: payload,
      })
      expect(res.status).toBe(200)
      const { rows } = await alone.database.pool.query(
        'select task_identifier, queue_name, max_attempts from graphile_worker.jobs',
      )
      expect(rows).toEqual([
        {
          task_identifier: 'stripe_event',
          queue_name: 'stripe:cus_x',
          max_attempts: 25,
        },
      ])
    } finally {
      await alone.stop()
    }
  })
})
