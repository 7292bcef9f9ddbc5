import { z } from 'zod'
import { isPremium } from './plans.ts'

/**
 * Plan types that the spec's admin statistics count as 'Assinantes Pro' (SPEC §4). None of our
 * plan types (free, pf_simples, empresas_2, empresas_15) is either of them, so with real data
 * the card reads 0 and the conversion 0%. The spec calls this an inconsistency that a faithful
 * rebuild reproduces and flags: the rule lives here only, the card says what it counts, and a
 * breakdown per real plan type sits beside it
 * (docs/decisions/007-admin-panel-statistics-and-lists.md).
 */
export const SPEC_PRO_PLAN_TYPES: readonly string[] = ['pro', 'basic']

export const ADMIN_MAX_PAGE_SIZE = 200

const limitSchema = z.coerce
  .number({ error: 'Limite inválido' })
  .int('Limite inválido')
  .min(1, 'Limite inválido')
  .max(ADMIN_MAX_PAGE_SIZE, `Limite máximo é ${ADMIN_MAX_PAGE_SIZE}`)
  .default(50)

/** Query string of the paginated admin lists: `?limit=&cursor=`. */
export const adminPageQuerySchema = z.object({
  limit: limitSchema,
  cursor: z.string().max(400, 'Cursor inválido').optional(),
})

/** GET /api/admin/users: a page, optionally narrowed by `q` (part of a name or an e-mail). */
export const adminUsersQuerySchema = adminPageQuerySchema.extend({
  q: z
    .string()
    .trim()
    .max(100, 'Busca muito longa')
    .optional()
    // One line: runs of spaces, tabs or newlines count as one space.
    .transform((q) => q?.replace(/\s+/g, ' ') || undefined),
})

/** A profiles row with its subscription, as the spec's admin table reads it (SPEC §7). */
export type AdminUser = {
  id: string
  name: string
  email: string
  phone: string | null
  created_at: string
  subscribers: { plan_type: string; subscription_status: string }
}

export type AdminUsersPage = { data: AdminUser[]; next_cursor: string | null }

/** GET /api/admin/subscribers: every subscribers row, only these two columns (SPEC §7). */
export type AdminSubscriber = { plan_type: string; subscription_status: string }

/** How many subscribers hold one plan type with one status; `name` is the plan's, if known. */
export type SubscriberGroup = AdminSubscriber & { name: string | null; count: number }

/** One plan type's subscribers: all of them, and those whose status is 'active'. */
export type PlanTypeCount = {
  plan_type: string
  name: string | null
  count: number
  active: number
}

/** GET /api/admin/stats: the cards' numbers, counted in SQL. */
export type AdminStats = {
  total_users: number
  /** Subscribers whose plan type is in `pro_plan_types` (the spec's rule). */
  pro_subscribers: number
  /** pro_subscribers over total_users, a rounded percent (0 when there are no users). */
  conversion_rate: number
  pro_plan_types: readonly string[]
  /**
   * The figures that matter (issue 26), beside the spec's: subscribers on any plan but free
   * whose subscription is 'active', and them over total_users as a rounded percent.
   */
  paying_subscribers: number
  paying_conversion_rate: number
  /** Every plan type that has subscribers, by count descending: the real picture. */
  by_plan_type: PlanTypeCount[]
}

/** A waitlist row (the spec's `usuarios`, with its spelling). */
export type AdminWaitlistEntry = {
  id: number
  nome: string
  whatssapp: string
  email: string | null
  created_at: string
}

export type AdminWaitlistPage = {
  count: number
  data: AdminWaitlistEntry[]
  next_cursor: string | null
}

/** A rounded percent of `part` over `total`; 0 (never NaN or Infinity) when total is 0. */
export function conversionRate(part: number, total: number): number {
  if (!(total > 0)) return 0
  return Math.round((part / total) * 100)
}

/** Pays for a plan: any plan type but free (spec §4's premium), with an 'active' subscription. */
export function isPayingSubscriber(row: AdminSubscriber): boolean {
  return isPremium(row.plan_type) && row.subscription_status === 'active'
}

/** The cards' numbers from the total of users and the subscribers counted per group. */
export function adminStats(
  totalUsers: number,
  groups: readonly SubscriberGroup[],
  proPlanTypes: readonly string[] = SPEC_PRO_PLAN_TYPES,
): AdminStats {
  let pro = 0
  let paying = 0
  const byPlan = new Map<string, PlanTypeCount>()
  for (const g of groups) {
    if (proPlanTypes.includes(g.plan_type)) pro += g.count
    if (isPayingSubscriber(g)) paying += g.count
    const entry = byPlan.get(g.plan_type) ?? {
      plan_type: g.plan_type,
      name: g.name,
      count: 0,
      active: 0,
    }
    entry.count += g.count
    if (g.subscription_status === 'active') entry.active += g.count
    byPlan.set(g.plan_type, entry)
  }
  return {
    total_users: totalUsers,
    pro_subscribers: pro,
    conversion_rate: conversionRate(pro, totalUsers),
    pro_plan_types: proPlanTypes,
    paying_subscribers: paying,
    paying_conversion_rate: conversionRate(paying, totalUsers),
    by_plan_type: [...byPlan.values()].sort(
      (a, b) => b.count - a.count || a.plan_type.localeCompare(b.plan_type),
    ),
  }
}
