import { type FeatureKey, featureLabel, type PlanType } from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'
import { AppError } from '../platform/index.ts'

/*
 * The one place that says whether a ledger's plan includes a feature (ARCHITECTURE §6, §8).
 * Features are the ledger OWNER's plan's: a team member works under the owner's plan. Routes
 * call `assertFeature` (403 FEATURE_NOT_IN_PLAN), WhatsApp commands call `ownerHasFeature` and
 * answer `featureUpsellText` instead of doing the work.
 */

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

function featureNotInPlanMessage(feature: FeatureKey, planName: string | null): string {
  const label = featureLabel(feature)
  return planName
    ? `${label} não faz parte do seu plano. Disponível a partir do plano ${planName}.`
    : `${label} não faz parte do seu plano.`
}

/** Whether the plan of the subscriber `ownerId` includes `feature`. */
export async function ownerHasFeature(
  db: Queryable,
  { ownerId, feature }: { ownerId: string; feature: FeatureKey },
): Promise<boolean> {
  const { rows } = await db.query<{ has: boolean }>(
    `select coalesce((p.features ->> $2)::boolean, false) as has
       from subscribers s join plan_features p on p.plan_type = s.plan_type
      where s.user_id = $1`,
    [ownerId, feature],
  )
  return rows[0]?.has === true
}

/** The cheapest plan that includes `feature` (null when none does). */
export async function cheapestPlanWith(
  db: Queryable,
  { feature }: { feature: FeatureKey },
): Promise<PlanRow | null> {
  const { rows } = await db.query<PlanRow>(
    `select plan_type, name, features from plan_features
      where coalesce((features ->> $1)::boolean, false)
      order by price_monthly asc, plan_type asc limit 1`,
    [feature],
  )
  return rows[0] ?? null
}

/** Throws FeatureNotInPlanError (403) unless the owner's plan includes `feature`. */
export async function assertFeature(
  db: Queryable,
  { ownerId, feature }: { ownerId: string; feature: FeatureKey },
): Promise<void> {
  if (await ownerHasFeature(db, { ownerId, feature })) return
  const plan = await cheapestPlanWith(db, { feature })
  throw new FeatureNotInPlanError(feature, plan?.name ?? null)
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
  const label = featureLabel(feature)
  const where = plan ? ` Está disponível a partir do plano *${plan.name}*.` : ''
  return `🔒 ${label} não faz parte do seu plano.${where} Assine em ${publicUrl}/dashboard#planos`
}
