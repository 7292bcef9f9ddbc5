import type Stripe from 'stripe'
import { type Db, withTransaction } from '../platform/index.ts'
import { getPlanByStripePrice } from '../tenancy/index.ts'
import { UnprocessableEventError } from './billing-errors.ts'

/**
 * A subscription as billing sees it, whoever reports it: Stripe (retrieved fresh, never taken
 * from an event's possibly stale copy) or the simulated checkout and portal.
 */
export type SubscriptionState = {
  id: string
  /** Stripe's status: active, trialing, past_due, unpaid, paused, incomplete, canceled… */
  status: string
  priceId: string | null
  currentPeriodEnd: Date | null
}

/** The subscription is over: the user goes back to free. */
const ENDED = new Set(['canceled', 'incomplete_expired'])
/** Paid for, or within Stripe's retries of a failed renewal: the plan's limits and flags apply. */
const ENTITLED = new Set(['active', 'trialing', 'past_due'])

export type ApplyOutcome = 'applied' | 'ignored'

export function stateFromStripe(subscription: Stripe.Subscription): SubscriptionState {
  const items = subscription.items.data
  // Since API version 2025-03-31 the billing period lives on each item.
  const periodEnd = Math.max(0, ...items.map((item) => item.current_period_end))
  return {
    id: subscription.id,
    status: subscription.status,
    priceId: items[0]?.price.id ?? null,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
  }
}

/**
 * Makes the user's subscribers row follow the subscription's current state. Idempotent and
 * order-free: it only ever writes what the state says now.
 *
 * - canceled / incomplete_expired: back to free, unless the row already follows another
 *   subscription (an old subscription ending must not take away a newer one);
 * - incomplete: the first payment has not gone through; nothing changes yet;
 * - active, trialing, past_due: the price's plan, with the status shown as it is;
 * - unpaid, paused: free limits, the status shown as it is, the subscription kept (it may
 *   come back).
 */
export async function applySubscriptionState(
  db: Db,
  { userId, state }: { userId: string; state: SubscriptionState },
): Promise<ApplyOutcome> {
  const ended = ENDED.has(state.status)
  if (!ended && state.status === 'incomplete') return 'ignored'
  const plan = ended || !state.priceId ? null : await getPlanByStripePrice(db, state.priceId)
  if (!ended && !plan) {
    throw new UnprocessableEventError(`preço ${state.priceId ?? '(nenhum)'} não é de nenhum plano`)
  }

  return withTransaction(db, async (tx) => {
    const { rows } = await tx.query<{ stripe_subscription_id: string | null }>(
      'select stripe_subscription_id from subscribers where user_id = $1 for update',
      [userId],
    )
    const row = rows[0]
    if (!row) throw new UnprocessableEventError(`usuário ${userId} sem assinatura`)
    if (ended) {
      if (row.stripe_subscription_id !== state.id) return 'ignored'
      await tx.query(
        `update subscribers
            set plan_type = 'free', subscription_status = 'active', current_period_end = null,
                stripe_subscription_id = null, updated_at = now()
          where user_id = $1`,
        [userId],
      )
      return 'applied'
    }
    await tx.query(
      `update subscribers
          set plan_type = $2, subscription_status = $3, current_period_end = $4,
              stripe_subscription_id = $5, updated_at = now()
        where user_id = $1`,
      [
        userId,
        ENTITLED.has(state.status) ? plan?.plan_type : 'free',
        state.status,
        state.currentPeriodEnd,
        state.id,
      ],
    )
    return 'applied'
  })
}
