export { apiKeysRoutes } from './api-keys.routes.ts'
export { deriveApiKeySecret } from './api-keys.ts'
export type { AppDeps } from './app-deps.ts'
export {
  assertFeature,
  featureUpsellText,
  ownerHasFeature,
  planHasFeatureSql,
} from './feature-gate.ts'
export { requireFeature } from './feature-guard.ts'
export { requireLedgerCaller, requireSessionCaller, resolveCaller } from './ledger-caller.ts'
export type { Caller, CallerSource, LedgerBindings } from './ledger-caller.ts'
export { PLAN_ALLOWS_TEAM, ledgerForUser, ledgerForUserSql, ownLedger } from './ledgers.queries.ts'
export type { LedgerRef } from './ledgers.queries.ts'
export { stripePricesFromEnv } from './plan-catalog.ts'
export { PlansCache } from './plans-cache.ts'
export { getPlan, getPlanByStripePrice, seedPlans, setPlanPrice } from './plans.queries.ts'
export { plansRoutes } from './plans.routes.ts'
export { prunePublicApi } from './prune-public-api.ts'
