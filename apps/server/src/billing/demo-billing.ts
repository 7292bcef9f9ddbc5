import { randomBytes } from 'node:crypto'
import type { Db } from '../platform/index.ts'
import { getPlan } from '../tenancy/index.ts'
import {
  claimDemoSession,
  type DemoSessionKind,
  insertDemoSession,
  inventDemoPriceIds,
  removeDemoIds,
} from './demo-billing.queries.ts'
import type { BillingMode } from './stripe-client.ts'
import { type ApplyOutcome, applySubscriptionState } from './subscription-state.ts'

/**
 * The simulated checkout and portal (mode 'demo': no STRIPE_SECRET_KEY outside production).
 * They never call Stripe; they hand a simulated subscription state to the same
 * applySubscriptionState the webhook uses, so what a newcomer tries is the real path.
 */

/** Prefix of everything the simulation invents (price ids, subscription ids). */
export const DEMO_PREFIX = 'demo_'
const SESSION_TTL_MS = 60 * 60 * 1000

export function demoSubscriptionId(userId: string): string {
  return `${DEMO_PREFIX}sub_${userId}`
}

export function isDemoId(id: string | null): boolean {
  return id?.startsWith(DEMO_PREFIX) ?? false
}

/**
 * Keeps the catalog's price ids true to the mode, at every start:
 * - demo: paid plans without a price id get `demo_<plan_type>`, so the client's {priceId}
 *   contract works unchanged. Only when no paid plan has a real price id: a catalog with some
 *   real prices is being set up for Stripe, and invented ids beside them would hide the gaps.
 * - stripe / off: invented ids are removed, and so are simulated subscriptions (their users go
 *   back to free): a simulated purchase is not a purchase.
 */
export async function prepareBillingCatalog(db: Db, mode: BillingMode): Promise<void> {
  if (mode === 'demo') await inventDemoPriceIds(db, DEMO_PREFIX)
  else await removeDemoIds(db, DEMO_PREFIX)
}

/** A one-hour, single-use link to the simulated checkout (with its plan) or portal. */
export async function createDemoSession(
  db: Db,
  params: { userId: string; kind: DemoSessionKind; planType?: string },
): Promise<string> {
  const id = randomBytes(24).toString('base64url')
  await insertDemoSession(db, {
    ...params,
    id,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  })
  return id
}

function oneMonthAfter(at: Date): Date {
  const next = new Date(at)
  next.setUTCMonth(next.getUTCMonth() + 1)
  return next
}

/** 'Confirmar pagamento': the user's simulated subscription becomes active on the plan. */
export async function confirmDemoCheckout(
  db: Db,
  params: { sessionId: string; userId: string; now?: Date },
): Promise<ApplyOutcome | null> {
  const session = await claimDemoSession(db, { ...params, id: params.sessionId, kind: 'checkout' })
  const plan = session?.plan_type ? await getPlan(db, session.plan_type) : null
  if (!plan) return null
  return applySubscriptionState(db, {
    userId: params.userId,
    state: {
      id: demoSubscriptionId(params.userId),
      status: 'active',
      priceId: plan.stripe_price_id,
      currentPeriodEnd: oneMonthAfter(params.now ?? new Date()),
    },
  })
}

/** The simulated portal's 'Cancelar assinatura': the subscription ends, the user is free. */
export async function cancelDemoSubscription(
  db: Db,
  params: { sessionId: string; userId: string },
): Promise<ApplyOutcome | null> {
  const session = await claimDemoSession(db, { ...params, id: params.sessionId, kind: 'portal' })
  if (!session) return null
  return applySubscriptionState(db, {
    userId: params.userId,
    state: {
      id: demoSubscriptionId(params.userId),
      status: 'canceled',
      priceId: null,
      currentPeriodEnd: null,
    },
  })
}
