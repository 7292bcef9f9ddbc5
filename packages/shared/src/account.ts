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
  plan_features: PlanFeatures
}
