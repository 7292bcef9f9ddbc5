import { randomBytes } from 'node:crypto'
import type { Db } from '../db/database.ts'
import { getPlan } from '../plans/plans.queries.ts'
import type { BillingMode } from './stripe-client.ts'
import { type ApplyOutcome, applySubscriptionState } from './subscription-state.ts'

/**
 * The simulated checkout and portal (mode 'demo': no STRIPE_SECRET_KEY outside production).
 * They never call Stripe; they hand a simulated subscription state to the same
 * applySubscriptionState the webhook uses, so what a newcomer tries is the real path.
 */

/** Prefix of everything the simulation invents (price ids, subscription ids). */
export const DEMO_PREFIX = 'demo_'
/** LIKE pattern of those ids (the underscore escaped). */
const DEMO_LIKE = String.raw`demo\_%`
const SESSION_TTL_MS = 60 * 60 * 1000

export type DemoSessionKind = 'checkout' | 'portal'

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
  if (mode === 'demo') {
    await db.query(
      `update plan_features set stripe_price_id = $1 || plan_type, updated_at = now()
        where price_monthly > 0 and stripe_price_id is null
          and not exists (select from plan_features
                           where stripe_price_id is not null and stripe_price_id not like $2)`,
      [DEMO_PREFIX, DEMO_LIKE],
    )
    return
  }
  await db.query(
    `update plan_features set stripe_price_id = null, updated_at = now()
      where stripe_price_id like $1`,
    [DEMO_LIKE],
  )
  await db.query(
    `update subscribers
        set plan_type = 'free', subscription_status = 'active', current_period_end = null,
            stripe_subscription_id = null, updated_at = now()
      where stripe_subscription_id like $1`,
    [DEMO_LIKE],
  )
}

/** A one-hour, single-use link to the simulated checkout (with its plan) or portal. */
export async function createDemoSession(
  db: Db,
  params: { userId: string; kind: DemoSessionKind; planType?: string },
): Promise<string> {
  const id = randomBytes(24).toString('base64url')
  await db.query(`delete from billing_demo_sessions where expires_at < now() - interval '1 day'`)
  await db.query(
    `insert into billing_demo_sessions (id, user_id, kind, plan_type, expires_at)
     values ($1, $2, $3, $4, $5)`,
    [
      id,
      params.userId,
      params.kind,
      params.planType ?? null,
      new Date(Date.now() + SESSION_TTL_MS),
    ],
  )
  return id
}

export type DemoSession = { id: string; kind: DemoSessionKind; plan_type: string | null }

/** The user's own unused, unexpired session, or null. */
export async function getDemoSession(
  db: Db,
  params: { id: string; userId: string; kind: DemoSessionKind },
): Promise<DemoSession | null> {
  const { rows } = await db.query<DemoSession>(
    `select id, kind, plan_type from billing_demo_sessions
      where id = $1 and user_id = $2 and kind = $3 and used_at is null and expires_at > now()`,
    [params.id, params.userId, params.kind],
  )
  return rows[0] ?? null
}

/** Marks the session used; false when it was not the user's, was used, or expired. */
async function claimDemoSession(
  db: Db,
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
