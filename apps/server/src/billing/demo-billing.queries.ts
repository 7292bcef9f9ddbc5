import type { Queryable } from '../platform/index.ts'

/* The simulated checkout's data (demo-billing.ts): invented price ids and one-use sessions. */

export type DemoSessionKind = 'checkout' | 'portal'
export type DemoSession = { id: string; kind: DemoSessionKind; plan_type: string | null }

/** LIKE pattern of the ids starting with `prefix` (its underscores escaped). */
const likePrefix = (prefix: string) => `${prefix.replaceAll('_', String.raw`\_`)}%`

/**
 * Paid plans without a price id get `<prefix><plan_type>`, unless some plan has a real one (a
 * catalog being set up for Stripe).
 */
export async function inventDemoPriceIds(db: Queryable, prefix: string): Promise<void> {
  await db.query(
    `update plan_features set stripe_price_id = $1 || plan_type, updated_at = now()
      where price_monthly > 0 and stripe_price_id is null
        and not exists (select from plan_features
                         where stripe_price_id is not null and stripe_price_id not like $2)`,
    [prefix, likePrefix(prefix)],
  )
}

/** Invented price ids go, and simulated subscriptions end (their users back to free). */
export async function removeDemoIds(db: Queryable, prefix: string): Promise<void> {
  await db.query(
    `update plan_features set stripe_price_id = null, updated_at = now()
      where stripe_price_id like $1`,
    [likePrefix(prefix)],
  )
  await db.query(
    `update subscribers
        set plan_type = 'free', subscription_status = 'active', current_period_end = null,
            stripe_subscription_id = null, updated_at = now()
      where stripe_subscription_id like $1`,
    [likePrefix(prefix)],
  )
}

/** Stores a session (and forgets sessions expired for a day). */
export async function insertDemoSession(
  db: Queryable,
  params: {
    id: string
    userId: string
    kind: DemoSessionKind
    planType?: string
    expiresAt: Date
  },
): Promise<void> {
  await db.query(`delete from billing_demo_sessions where expires_at < now() - interval '1 day'`)
  await db.query(
    `insert into billing_demo_sessions (id, user_id, kind, plan_type, expires_at)
     values ($1, $2, $3, $4, $5)`,
    [params.id, params.userId, params.kind, params.planType ?? null, params.expiresAt],
  )
}

/** The user's own unused, unexpired session, or null. */
export async function getDemoSession(
  db: Queryable,
  params: { id: string; userId: string; kind: DemoSessionKind },
): Promise<DemoSession | null> {
  const { rows } = await db.query<DemoSession>(
    `select id, kind, plan_type from billing_demo_sessions
      where id = $1 and user_id = $2 and kind = $3 and used_at is null and expires_at > now()`,
    [params.id, params.userId, params.kind],
  )
  return rows[0] ?? null
}

/** Marks the session used; null when it was not the user's, was used, or expired. */
export async function claimDemoSession(
  db: Queryable,
  params: { id: string; userId: string; kind: DemoSessionKind },
): Promise<DemoSession | null> {
  const { rows } = await db.query<DemoSession>(
    `update billing_demo_sessions set used_at = now()
      where id = $1 and user_id = $2 and kind = $3 and used_at is null and expires_at > now()
      returning id, kind, plan_type`,
    [params.id, params.userId, params.kind],
  )
  return rows[0] ?? null
}
