import type { Db, Queryable } from '../platform/index.ts'

/** What billing needs to know about one user: who they are and what they pay for. */
export type BillingAccount = {
  user_id: string
  name: string
  email: string
  plan_type: string
  subscription_status: string
  stripe_customer_id: string | null
  stripe_subscription_id: string | null
  current_period_end: Date | null
}

export async function getBillingAccount(
  db: Queryable,
  { userId }: { userId: string },
): Promise<BillingAccount | null> {
  const { rows } = await db.query<BillingAccount>(
    `select s.user_id, p.name, p.email, s.plan_type, s.subscription_status, s.stripe_customer_id,
            s.stripe_subscription_id, s.current_period_end
       from subscribers s join profiles p on p.id = s.user_id
      where s.user_id = $1`,
    [userId],
  )
  return rows[0] ?? null
}

export async function findUserByCustomer(db: Db, customerId: string): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>(
    'select user_id from subscribers where stripe_customer_id = $1',
    [customerId],
  )
  return rows[0]?.user_id ?? null
}

/**
 * Stores the user's Stripe customer unless one is stored already; answers the customer the
 * user ends up with (the first one written wins). Two statements on purpose: the second reads
 * a fresh snapshot, so it sees a concurrent writer's committed customer.
 */
export async function linkCustomer(
  db: Db,
  { userId, customerId }: { userId: string; customerId: string },
): Promise<string | null> {
  const linked = await db.query(
    `update subscribers set stripe_customer_id = $2, updated_at = now()
      where user_id = $1 and stripe_customer_id is null`,
    [userId, customerId],
  )
  if (linked.rowCount) return customerId
  const { rows } = await db.query<{ stripe_customer_id: string | null }>(
    'select stripe_customer_id from subscribers where user_id = $1',
    [userId],
  )
  return rows[0]?.stripe_customer_id ?? null
}
