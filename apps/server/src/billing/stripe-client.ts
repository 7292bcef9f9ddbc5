import Stripe from 'stripe'
import type { Env } from '../platform/index.ts'

/**
 * How paid plans are sold by this process:
 * - 'stripe': STRIPE_SECRET_KEY is set — Stripe Checkout, Customer Portal, signed webhooks;
 * - 'demo': no key outside production — the built-in simulated checkout and portal;
 * - 'off': production without a key — paid plans are not for sale.
 */
export type BillingMode = 'stripe' | 'demo' | 'off'

export function billingMode(env: Env): BillingMode {
  if (env.STRIPE_SECRET_KEY) return 'stripe'
  return env.NODE_ENV === 'production' ? 'off' : 'demo'
}

const clients = new WeakMap<Env, Stripe | null>()

/**
 * The process's one Stripe client for this configuration (requests and jobs share it): the
 * official SDK on its pinned API version. STRIPE_API_BASE (tests: a local fake) replaces
 * Stripe's host, port and protocol. Null without STRIPE_SECRET_KEY.
 */
export function stripeClient(env: Env): Stripe | null {
  let client = clients.get(env)
  if (client === undefined) {
    client = createStripeClient(env)
    clients.set(env, client)
  }
  return client
}

function createStripeClient(env: Env): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null
  const protocol = base?.protocol === 'http:' ? 'http' : 'https'
  return new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Equilibraí' },
    ...(base && {
      host: base.hostname,
      port: base.port || (protocol === 'http' ? 80 : 443),
      protocol,
    }),
  })
}
