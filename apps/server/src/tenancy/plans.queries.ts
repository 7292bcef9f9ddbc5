import { type PlanFeatures, type PlanType, FEATURE_KEYS } from '@equilibrai/shared'
import type { Db } from '../platform/index.ts'
import { PLAN_CATALOG } from './plan-catalog.ts'

// numeric comes back from pg as a string; the contract's price_monthly is a number.
const PLAN_COLUMNS = `plan_type, name, price_monthly::float8 as price_monthly, stripe_price_id,
  max_monthly_transactions, max_users, features`

/** jsonb keeps keys in its own order; the product lists features in the catalog's order. */
function inFeatureOrder(plan: PlanFeatures): PlanFeatures {
  const features: Record<string, boolean> = {}
  for (const key of FEATURE_KEYS) features[key] = plan.features[key] === true
  return { ...plan, features }
}

export async function listPlans(db: Db): Promise<PlanFeatures[]> {
  const { rows } = await db.query<PlanFeatures>(
    `select ${PLAN_COLUMNS} from plan_features order by price_monthly asc, plan_type asc`,
  )
  return rows.map(inFeatureOrder)
}

export async function getPlan(db: Db, planType: string): Promise<PlanFeatures | null> {
  const { rows } = await db.query<PlanFeatures>(
    `select ${PLAN_COLUMNS} from plan_features where plan_type = $1`,
    [planType],
  )
  return rows[0] ? inFeatureOrder(rows[0]) : null
}

export async function getPlanByStripePrice(db: Db, priceId: string): Promise<PlanFeatures | null> {
  const { rows } = await db.query<PlanFeatures>(
    `select ${PLAN_COLUMNS} from plan_features where stripe_price_id = $1`,
    [priceId],
  )
  return rows[0] ? inFeatureOrder(rows[0]) : null
}

/**
 * Inserts the catalog's plans and refreshes their names, limits and features. Prices already
 * in the table are kept: they are data an operator may have changed. Stripe price ids from the
 * environment win when given.
 */
export async function seedPlans(
  db: Db,
  stripePrices: Partial<Record<PlanType, string>>,
): Promise<void> {
  for (const plan of PLAN_CATALOG) {
    await db.query(
      `insert into plan_features
         (plan_type, name, price_monthly, stripe_price_id, max_monthly_transactions, max_users, features)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (plan_type) do update set
         name = excluded.name,
         max_monthly_transactions = excluded.max_monthly_transactions,
         max_users = excluded.max_users,
         features = excluded.features,
         stripe_price_id = coalesce($4, plan_features.stripe_price_id),
         updated_at = now()
       where (plan_features.name, plan_features.max_monthly_transactions, plan_features.max_users,
              plan_features.features, plan_features.stripe_price_id)
         is distinct from
             (excluded.name, excluded.max_monthly_transactions, excluded.max_users,
              excluded.features, coalesce($4, plan_features.stripe_price_id))`,
      [
        plan.plan_type,
        plan.name,
        plan.price_monthly,
        stripePrices[plan.plan_type] ?? null,
        plan.max_monthly_transactions,
        plan.max_users,
        JSON.stringify(plan.features),
      ],
    )
  }
}

export async function setPlanPrice(
  db: Db,
  params: { planType: PlanType; priceCents: number; stripePriceId?: string },
): Promise<PlanFeatures | null> {
  const { rows } = await db.query<PlanFeatures>(
    `update plan_features
        set price_monthly = $2::numeric / 100,
            stripe_price_id = coalesce($3, stripe_price_id),
            updated_at = now()
      where plan_type = $1
      returning ${PLAN_COLUMNS}`,
    [params.planType, params.priceCents, params.stripePriceId ?? null],
  )
  return rows[0] ?? null
}
