import {
  type AdminStats,
  type AdminSubscriber,
  adminStats,
  type SubscriberGroup,
} from '@equilibrai/shared'
import type { Db } from '../platform/index.ts'

/** Every subscribers row's plan type and status (SPEC §7's 'admin statistics' call). */
export async function listSubscribers(db: Db): Promise<AdminSubscriber[]> {
  const { rows } = await db.query<AdminSubscriber>(
    `select plan_type, subscription_status from subscribers order by created_at desc, user_id desc`,
  )
  return rows
}

/**
 * The cards' numbers, counted by PostgreSQL: one row per (plan type, status) instead of one per
 * person. Users are the admin table's rows, profiles inner-joined with subscribers; every
 * subscribers row references its profile, so counting subscribers counts exactly those rows
 * without paying for the join. The plan's name comes along for the breakdown.
 */
export async function getAdminStats(db: Db): Promise<AdminStats> {
  const { rows } = await db.query<SubscriberGroup>(
    `select g.plan_type, p.name, g.subscription_status, g.count
       from (select plan_type, subscription_status, count(*)::int as count
               from subscribers
              group by plan_type, subscription_status) g
       left join plan_features p on p.plan_type = g.plan_type`,
  )
  const total = rows.reduce((sum, g) => sum + g.count, 0)
  return adminStats(total, rows)
}
