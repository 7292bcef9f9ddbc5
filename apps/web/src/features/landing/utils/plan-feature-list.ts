import { FEATURE_KEYS, featurePhrase, monthlyEntriesPhrase, usersPhrase } from '@equilibrai/shared'
import type { Plan } from '@/lib/get-plans'

const KNOWN: readonly string[] = FEATURE_KEYS

/** The card's list: limits first, then every enabled flag in the canonical order. */
export function planFeatureList(plan: Plan): string[] {
  const known = FEATURE_KEYS.filter((key) => plan.features[key])
  const unknown = Object.keys(plan.features).filter(
    (key) => !KNOWN.includes(key) && plan.features[key],
  )
  return [
    monthlyEntriesPhrase(plan.max_monthly_transactions),
    usersPhrase(plan.max_users),
    ...known.map(featurePhrase),
    ...unknown.map(featurePhrase),
  ]
}
