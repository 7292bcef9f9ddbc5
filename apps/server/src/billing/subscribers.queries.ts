import { type PlanType, type Subscription, FEATURE_KEYS } from '@equilibrai/shared'
import type { Db } from '../platform/index.ts'
import { usedThisMonth } from '../ledger/index.ts'

export type { Subscription }

/**
 * The user's subscribers row with its plan nested (SPEC §7). monthly_transactions is the same
 * number as GET /api/v1/usage's `used` (ledger/monthly-limit.ts: one expression, one clock).
 * has_stripe_customer says whether the Customer Portal has someone to show (never the id).
 */
export async function getSubscription(
  db: Db,
  { userId }: { userId: string },
): Promise<Subscription | null> {
  const { rows } = await db.query<Subscription>(
    `select s.user_id, s.plan_type, s.subscription_status,
            ${usedThisMonth('s')} as monthly_transactions,
            s.current_period_end,
            s.stripe_customer_id is not null as has_stripe_customer,
            json_build_object(
              'plan_type', p.plan_type, 'name', p.name,
              'price_monthly', p.price_monthly::float8, 'stripe_price_id', p.stripe_price_id,
              'max_monthly_transactions', p.max_monthly_transactions, 'max_users', p.max_users,
              'features', p.features
            ) as plan_features
       from subscribers s join plan_features p on p.plan_type = s.plan_type
      where s.user_id = $1`,
    [userId],
  )
  const row = rows[0]
  if (!row) return null
  // jsonb keeps its own key order; the product lists features in the catalog's.
  const features: Record<string, boolean> = {}
  for (const key of FEATURE_KEYS) features[key] = row.plan_features.features[key] === true
  return { ...row, plan_features: { ...row.plan_features, features } }
}

/** Support and tests: moves a user to a plan, active, keeping any Stripe ids. */
export async function setPlan(
  db: Db,
  { userId, planType }: { userId: string; planType: PlanType },
): Promise<boolean> {
  const result = await db.query(
    `update subscribers
        set plan_type = $2, subscription_status = 'active', updated_at = now()
      where user_id = $1`,
    [userId, planType],
  )
  return (result.rowCount ?? 0) > 0
}
