import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/**
 * A small local Stripe for tests: just the API calls our billing code makes, answered with
 * objects shaped like the pinned API version's, and state a test can set (a subscription's
 * status, price and period). Point the real SDK at it with STRIPE_API_BASE = `fake.url`.
 *
 * POST /v1/customers · POST /v1/checkout/sessions · GET / DELETE /v1/subscriptions/:id ·
 * POST /v1/billing_portal/sessions. Idempotency-Key is honoured like Stripe does: the same key
 * answers the first response again.
 */

type Json = Record<string, unknown>

export type RecordedRequest = {
  method: string
  path: string
  body: Json
  idempotencyKey: string | undefined
}

export type FakeSubscription = {
  id: string
  customer: string
  status: string
  priceId: string
  itemId: string
  currentPeriodStart: number
  currentPeriodEnd: number
  metadata: Record<string, string>
}

export type FakeCheckoutSession = {
  id: string
  params: Json
  subscription: string | null
}

export type FakeStripe = {
  url: string
  requests: RecordedRequest[]
  customers: Map<string, Json>
  checkoutSessions: Map<string, FakeCheckoutSession>
  portalSessions: Json[]
  subscriptions: Map<string, FakeSubscription>
  /** The customer pays the session: it gets an active subscription on the session's price. */
  completeCheckout(
    sessionId: string,
    options?: { periodEnd?: Date },
  ): { session: Json; subscription: FakeSubscription }
  updateSubscription(
    id: string,
    patch: Partial<Pick<FakeSubscription, 'status' | 'priceId'>> & { periodEnd?: Date },
  ): FakeSubscription
  /** The subscription as GET /v1/subscriptions/:id returns it. */
  subscriptionJson(id: string): Json
  invoiceJson(subscriptionId: string, status?: 'paid' | 'open'): Json
  checkoutSessionJson(id: string): Json
  /** An event as Stripe would post it (`id` unique unless given). */
  event(type: string, object: Json, options?: { id?: string; created?: number }): Json
  /** The next `times` requests matching method and path prefix answer `status`. */
  failNext(method: string, pathPrefix: string, times: number, status?: number): void
  close(): Promise<void>
}

const id = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`
const seconds = (at: Date) => Math.floor(at.getTime() / 1000)
const DAY = 24 * 60 * 60

/** `a[b][0][c]=v` (how the SDK encodes bodies) → nested objects and arrays. */
export function parseStripeForm(text: string): Json {
  const root: Json = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '')
    let node: Json | unknown[] = root
    path.forEach((part, index) => {
      const last = index === path.length - 1
      const container = node as Record<string, unknown>
      if (last) {
        container[part] = value
        return
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1] ?? '')
      container[part] ??= nextIsIndex ? [] : {}
      node = container[part] as Json
    })
  }
  return root
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = []
  const customers = new Map<string, Json>()
  const checkoutSessions = new Map<string, FakeCheckoutSession>()
  const portalSessions: Json[] = []
  const subscriptions = new Map<string, FakeSubscription>()
  const idempotent = new Map<string, { status: number; body: Json }>()
  const failures: { method: string; pathPrefix: string; times: number; status: number }[] = []

  function subscriptionJson(subscriptionId: string): Json {
    const sub = subscriptions.get(subscriptionId)
    if (!sub) throw new Error(`fake stripe: no subscription ${subscriptionId}`)
    const ended = sub.status === 'canceled' || sub.status === 'incomplete_expired'
    return {
      id: sub.id,
      object: 'subscription',
      customer: sub.customer,
      status: sub.status,
      metadata: sub.metadata,
      currency: 'brl',
      livemode: false,
      cancel_at_period_end: false,
      canceled_at: ended ? sub.currentPeriodStart : null,
      ended_at: ended ? sub.currentPeriodStart : null,
      created: sub.currentPeriodStart,
      start_date: sub.currentPeriodStart,
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${sub.id}`,
        data: [
          {
            id: sub.itemId,
            object: 'subscription_item',
            subscription: sub.id,
            quantity: 1,
            current_period_start: sub.currentPeriodStart,
            current_period_end: sub.currentPeriodEnd,
            price: {
              id: sub.priceId,
              object: 'price',
              currency: 'brl',
              recurring: { interval: 'month', interval_count: 1 },
            },
          },
        ],
      },
    }
  }

  function checkoutSessionJson(sessionId: string): Json {
    const session = checkoutSessions.get(sessionId)
    if (!session) throw new Error(`fake stripe: no checkout session ${sessionId}`)
    const p = session.params
    return {
      id: session.id,
      object: 'checkout.session',
      mode: p.mode,
      customer: p.customer ?? null,
      client_reference_id: p.client_reference_id ?? null,
      metadata: p.metadata ?? {},
      locale: p.locale ?? null,
      success_url: p.success_url,
      cancel_url: p.cancel_url,
      status: session.subscription ? 'complete' : 'open',
      payment_status: session.subscription ? 'paid' : 'unpaid',
      subscription: session.subscription,
      url: session.subscription ? null : `https://checkout.stripe.test/c/pay/${session.id}`,
    }
  }

  function route(method: string, path: string, body: Json): { status: number; body: Json } {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', ...body }
      customers.set(customer.id, customer)
      return { status: 200, body: customer }
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const session = { id: id('cs_test'), params: body, subscription: null }
      checkoutSessions.set(session.id, session)
      return { status: 200, body: checkoutSessionJson(session.id) }
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)
    if (method === 'GET' && subscription?.[1]) {
      const subscriptionId = decodeURIComponent(subscription[1])
      if (!subscriptions.has(subscriptionId)) {
        return {
          status: 404,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              param: 'id',
              message: `No such subscription: '${subscriptionId}'`,
            },
          },
        }
      }
      return { status: 200, body: subscriptionJson(subscriptionId) }
    }
    // stripe.subscriptions.cancel(): ends the subscription at once.
    if (method === 'DELETE' && subscription?.[1]) {
      const subscriptionId = decodeURIComponent(subscription[1])
      const found = subscriptions.get(subscriptionId)
      if (!found) {
        return {
          status: 404,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such subscription: '${subscriptionId}'`,
            },
          },
        }
      }
      found.status = 'canceled'
      return { status: 200, body: subscriptionJson(subscriptionId) }
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const session = {
        id: id('bps'),
        object: 'billing_portal.session',
        ...body,
        url: `https://billing.stripe.test/p/session/${id('test')}`,
      }
      portalSessions.push(session)
      return { status: 200, body: session }
    }
    return {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path})`,
        },
      },
    }
  }

  function handle(req: IncomingMessage, res: ServerResponse, text: string) {
    const method = req.method ?? 'GET'
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    const key = req.headers['idempotency-key']
    const idempotencyKey = Array.isArray(key) ? key[0] : key
    const body = parseStripeForm(text)
    requests.push({ method, path, body, idempotencyKey })

    const send = (status: number, payload: Json) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') })
      res.end(JSON.stringify(payload))
    }
    if (!req.headers.authorization?.startsWith('Bearer sk_')) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } })
    }
    const failure = failures.find((f) => f.method === method && path.startsWith(f.pathPrefix))
    if (failure) {
      failure.times -= 1
      if (failure.times <= 0) failures.splice(failures.indexOf(failure), 1)
      return send(failure.status, { error: { type: 'api_error', message: 'fake failure' } })
    }
    const replay = idempotencyKey && method === 'POST' ? idempotent.get(idempotencyKey) : undefined
    if (replay) return send(replay.status, replay.body)
    const answer = route(method, path, body)
    if (idempotencyKey && method === 'POST') idempotent.set(idempotencyKey, answer)
    send(answer.status, answer.body)
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    checkoutSessions,
    portalSessions,
    subscriptions,
    completeCheckout(sessionId, options = {}) {
      const session = checkoutSessions.get(sessionId)
      if (!session) throw new Error(`fake stripe: no checkout session ${sessionId}`)
      const lineItems = session.params.line_items as Array<{ price: string }> | undefined
      const subscriptionData = session.params.subscription_data as
        | { metadata?: Record<string, string> }
        | undefined
      const now = seconds(new Date())
      const sub: FakeSubscription = {
        id: id('sub'),
        customer: String(session.params.customer),
        status: 'active',
        priceId: lineItems?.[0]?.price ?? '',
        itemId: id('si'),
        currentPeriodStart: now,
        currentPeriodEnd: options.periodEnd ? seconds(options.periodEnd) : now + 30 * DAY,
        metadata: subscriptionData?.metadata ?? {},
      }
      subscriptions.set(sub.id, sub)
      session.subscription = sub.id
      return { session: checkoutSessionJson(sessionId), subscription: sub }
    },
    updateSubscription(subscriptionId, patch) {
      const sub = subscriptions.get(subscriptionId)
      if (!sub) throw new Error(`fake stripe: no subscription ${subscriptionId}`)
      if (patch.status) sub.status = patch.status
      if (patch.priceId) sub.priceId = patch.priceId
      if (patch.periodEnd) {
        sub.currentPeriodStart = sub.currentPeriodEnd
        sub.currentPeriodEnd = seconds(patch.periodEnd)
      }
      return sub
    },
    subscriptionJson,
    checkoutSessionJson,
    invoiceJson(subscriptionId, status = 'paid') {
      const sub = subscriptions.get(subscriptionId)
      return {
        id: id('in'),
        object: 'invoice',
        customer: sub?.customer ?? null,
        status,
        currency: 'brl',
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: subscriptionId, metadata: sub?.metadata ?? {} },
        },
      }
    },
    event(type, object, options = {}) {
      return {
        id: options.id ?? id('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: options.created ?? seconds(new Date()),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      }
    },
    failNext(method, pathPrefix, times, status = 500) {
      failures.push({ method, pathPrefix, times, status })
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
