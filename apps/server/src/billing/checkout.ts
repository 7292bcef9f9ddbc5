import { isPremium } from '@equilibrai/shared'
import type Stripe from 'stripe'
import { getPlanByStripePrice } from '../tenancy/index.ts'
import { type BillingContext, dashboardUrl } from './billing-context.ts'
import { type BillingAccount, getBillingAccount, linkCustomer } from './billing-account.queries.ts'
import {
  AlreadyOnPlanError,
  NoBillingAccountError,
  NoSubscriptionError,
  PlanNotForSaleError,
  UnknownPriceError,
} from './billing-errors.ts'
import { createDemoSession, isDemoId } from './demo-billing.ts'

/** Subscription statuses a plan change applies to (instead of a second subscription). */
const LIVE = new Set(['active', 'trialing', 'past_due'])

/**
 * POST /api/billing/checkout-session: where to send the user to buy the plan of `priceId`.
 * - Stripe: a Checkout Session in subscription mode for the user's one customer; a user who
 *   already pays for a plan gets the portal's confirm-this-change page instead, so changing
 *   plans never bills two subscriptions.
 * - demo: the simulated checkout page.
 */
export async function createCheckoutUrl(
  ctx: BillingContext,
  { userId, priceId }: { userId: string; priceId: string | null },
): Promise<string> {
  if (!priceId) throw new PlanNotForSaleError()
  const plan = await getPlanByStripePrice(ctx.db, priceId)
  if (!plan) throw new UnknownPriceError()
  if (!isPremium(plan.plan_type) || plan.price_monthly <= 0 || ctx.mode === 'off') {
    throw new PlanNotForSaleError()
  }
  const account = await getBillingAccount(ctx.db, { userId })
  if (!account) throw new NoBillingAccountError()
  if (account.plan_type === plan.plan_type && LIVE.has(account.subscription_status)) {
    throw new AlreadyOnPlanError()
  }

  if (!ctx.stripe) {
    const id = await createDemoSession(ctx.db, {
      userId,
      kind: 'checkout',
      planType: plan.plan_type,
    })
    return `${ctx.env.PUBLIC_URL}/api/billing/demo/checkout/${id}`
  }
  const stripe = ctx.stripe
  const customer = await ensureCustomer(ctx, stripe, account)
  const change = await planChangeUrl(ctx, stripe, { account, customer, priceId })
  if (change) return change

  const metadata = { user_id: userId, plan_type: plan.plan_type }
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: userId,
    metadata,
    subscription_data: { metadata },
    line_items: [{ price: priceId, quantity: 1 }],
    success_url: dashboardUrl(ctx.env, 'success'),
    cancel_url: dashboardUrl(ctx.env, 'cancel'),
    locale: 'pt-BR',
  })
  if (!session.url) throw new Error(`Checkout Session ${session.id} sem url`)
  return session.url
}

/** POST /api/billing/portal-session: the Customer Portal, or the simulated one. */
export async function createPortalUrl(
  ctx: BillingContext,
  { userId }: { userId: string },
): Promise<string> {
  const account = await getBillingAccount(ctx.db, { userId })
  if (!account) throw new NoBillingAccountError()
  if (!ctx.stripe) {
    if (ctx.mode === 'off' || !isDemoId(account.stripe_subscription_id)) {
      throw new NoSubscriptionError()
    }
    const id = await createDemoSession(ctx.db, { userId, kind: 'portal' })
    return `${ctx.env.PUBLIC_URL}/api/billing/demo/portal/${id}`
  }
  if (!account.stripe_customer_id) throw new NoSubscriptionError()
  const session = await ctx.stripe.billingPortal.sessions.create({
    customer: account.stripe_customer_id,
    return_url: dashboardUrl(ctx.env),
    locale: 'pt-BR',
  })
  return session.url
}

/**
 * The user's Stripe customer, created on first purchase. Two tabs buying at once must not make
 * two customers: the idempotency key is the user's id, so Stripe answers both calls with the
 * same customer, and the database keeps the first one written.
 */
async function ensureCustomer(
  ctx: BillingContext,
  stripe: Stripe,
  account: BillingAccount,
): Promise<string> {
  if (account.stripe_customer_id) return account.stripe_customer_id
  const created = await stripe.customers.create(
    {
      email: account.email,
      name: account.name,
      metadata: { user_id: account.user_id },
      preferred_locales: ['pt-BR'],
    },
    { idempotencyKey: `customer-for-user-${account.user_id}` },
  )
  const stored = await linkCustomer(ctx.db, { userId: account.user_id, customerId: created.id })
  if (!stored) throw new NoBillingAccountError()
  if (stored !== created.id) {
    ctx.log.warn({ userId: account.user_id, kept: stored }, 'a second Stripe customer was created')
  }
  return stored
}

/**
 * For a user already paying: the portal page that confirms switching the subscription's item
 * to the new price (Stripe prorates), back on the dashboard afterwards. Null when there is no
 * live subscription to change.
 */
async function planChangeUrl(
  ctx: BillingContext,
  stripe: Stripe,
  params: { account: BillingAccount; customer: string; priceId: string },
): Promise<string | null> {
  const subscriptionId = params.account.stripe_subscription_id
  if (!subscriptionId || !LIVE.has(params.account.subscription_status)) return null
  const subscription = await stripe.subscriptions.retrieve(subscriptionId).catch((error) => {
    // Gone at Stripe before its webhook reached us: a new checkout is right.
    if (error instanceof stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
      return null
    }
    throw error
  })
  const item = subscription?.items.data[0]
  if (!subscription || !LIVE.has(subscription.status) || !item) return null
  const session = await stripe.billingPortal.sessions.create({
    customer: params.customer,
    return_url: dashboardUrl(ctx.env),
    locale: 'pt-BR',
    flow_data: {
      type: 'subscription_update_confirm',
      subscription_update_confirm: {
        subscription: subscription.id,
        items: [{ id: item.id, price: params.priceId, quantity: 1 }],
      },
      after_completion: {
        type: 'redirect',
        redirect: { return_url: dashboardUrl(ctx.env, 'success') },
      },
    },
  })
  return session.url
}
