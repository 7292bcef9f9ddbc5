import type { PlanFeatures, PlanType } from './plans.ts'

/** GET / PATCH /api/profile: a profiles row (spec §3). */
export type Profile = {
  id: string
  name: string
  email: string
  phone: string | null
  created_at: string
  updated_at: string
}

/** GET /api/subscription: the user's subscribers row with its plan nested (spec §3, §7). */
export type Subscription = {
  user_id: string
  plan_type: PlanType
  subscription_status: string
  /** Entries recorded this São Paulo month. */
  monthly_transactions: number
  current_period_end: string | null
  /**
   * The person has a customer at the payment provider (Stripe): someone who paid once keeps
   * their invoices and payment methods in its portal, even back on the free plan.
   */
  has_stripe_customer: boolean
  plan_features: PlanFeatures
}
