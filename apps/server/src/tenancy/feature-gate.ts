import {
  FEATURE_KEYS,
  type FeatureKey,
  featureNotInPlanText,
  type PlanType,
} from '@equilibrai/shared'
import { type Queryable, AppError } from '../platform/index.ts'

/*
 * The one place that says whether a ledger's plan includes a feature (ARCHITECTURE §6, §8).
 * Features are the ledger OWNER's plan's: a team member works under the owner's plan. Routes
 * gate in their route table with `requireFeature` (feature-guard.ts: 403 FEATURE_NOT_IN_PLAN),
 * WhatsApp commands call `ownerHasFeature` and answer `featureUpsellText` instead of doing the
 * work, and queries that select by plan say `planHasFeatureSql(...)`: one reading of the flag.
 */

const SQL_ALIAS = /^[a-z_][a-z0-9_]*$/

/**
 * SQL condition: the plan_features row `plan` (its alias in the query, `p` by default) includes
 * `feature`. A key that is missing or not `true` is false. The key goes into the SQL text (so a
 * named statement stays one statement), hence only the eleven known keys are accepted.
 */
export function planHasFeatureSql(feature: FeatureKey, plan = 'p'): string {
  if (!FEATURE_KEYS.includes(feature)) throw new Error(`unknown plan feature: ${feature}`)
  if (!SQL_ALIAS.test(plan)) throw new Error(`not a table alias: ${plan}`)
  return `coalesce((${plan}.features ->> '${feature}')::boolean, false)`
}

/** The plans in price order, for "the cheapest plan that has it" (prices are data, names too). */
type PlanRow = { plan_type: PlanType; name: string; features: Record<string, boolean> }

export class FeatureNotInPlanError extends AppError {
  constructor(
    readonly feature: FeatureKey,
    readonly cheapestPlanName: string | null,
  ) {
    super(403, 'FEATURE_NOT_IN_PLAN', featureNotInPlanMessage(feature, cheapestPlanName))
  }
}

/** "Os relatórios básicos não fazem parte do seu plano. Disponíveis a partir do plano …" */
function featureNotInPlanMessage(feature: FeatureKey, planName: string | null): string {
  return featureNotInPlanText(feature, planName)
}

/** Whether the plan of the subscriber `ownerId` includes `feature`. */
export async function ownerHasFeature(
  db: Queryable,
  { ownerId, feature }: { ownerId: string; feature: FeatureKey },
): Promise<boolean> {
  const { rows } = await db.query<{ has: boolean }>(
    `select ${planHasFeatureSql(feature)} as has
       from subscribers s join plan_features p on p.plan_type = s.plan_type
      where s.user_id = $1`,
    [ownerId],
  )
  return rows[0]?.has === true
}

/** The cheapest plan that includes `feature` (null when none does). */
export async function cheapestPlanWith(
  db: Queryable,
  { feature }: { feature: FeatureKey },
): Promise<PlanRow | null> {
  const { rows } = await db.query<PlanRow>(
    `select p.plan_type, p.name, p.features from plan_features p
      where ${planHasFeatureSql(feature)}
      order by p.price_monthly asc, p.plan_type asc limit 1`,
  )
  return rows[0] ?? null
}

/** Throws FeatureNotInPlanError (403) unless the owner's plan includes `feature`. */
export async function assertFeature(
  db: Queryable,
  { ownerId, feature }: { ownerId: string; feature: FeatureKey },
): Promise<void> {
  // One round trip for both answers (the plans are a handful of rows): a page asks every load.
  const { rows } = await db.query<{ has: boolean | null; cheapest: string | null }>(
    `select (select ${planHasFeatureSql(feature)}
               from subscribers s join plan_features p on p.plan_type = s.plan_type
              where s.user_id = $1) as has,
            (select p.name from plan_features p where ${planHasFeatureSql(feature)}
              order by p.price_monthly asc, p.plan_type asc limit 1) as cheapest`,
    [ownerId],
  )
  if (rows[0]?.has === true) return
  throw new FeatureNotInPlanError(feature, rows[0]?.cheapest ?? null)
}

/**
 * The WhatsApp answer when a command needs a feature the plan lacks (ARCHITECTURE §8: "a short
 * reply naming the cheapest plan that has it and the upgrade link").
 */
export async function featureUpsellText(
  db: Queryable,
  { feature, publicUrl }: { feature: FeatureKey; publicUrl: string },
): Promise<string> {
  const plan = await cheapestPlanWith(db, { feature })
  const text = featureNotInPlanText(feature, plan?.name ?? null, { bold: true })
  return `🔒 ${text} Assine em ${publicUrl}/dashboard#planos`
}
