import type Stripe from 'stripe'
import type { Db, Env, Logger } from '../platform/index.ts'
import { type BillingMode, billingMode, stripeClient } from './stripe-client.ts'

/** What the billing functions share: the configured Stripe client (null unless mode 'stripe'). */
export type BillingContext = {
  env: Env
  db: Db
  log: Logger
  mode: BillingMode
  stripe: Stripe | null
}

export function createBillingContext({
  env,
  db,
  log,
}: {
  env: Env
  db: Db
  log: Logger
}): BillingContext {
  return { env, db, log, mode: billingMode(env), stripe: stripeClient(env) }
}

/** The dashboard, optionally with `?checkout=success|cancel`: where every payment page returns. */
export function dashboardUrl(env: Env, checkout?: 'success' | 'cancel'): string {
  return `${env.PUBLIC_URL}/dashboard${checkout ? `?checkout=${checkout}` : ''}`
}
