import type { AppDeps } from './app-deps.ts'
import type { FeatureKey } from '@equilibrai/shared'
import { createMiddleware } from 'hono/factory'
import { ledgerForUser } from './ledgers.queries.ts'
import { assertFeature } from './feature-gate.ts'
import type { LedgerBindings } from './ledger-caller.ts'

/**
 * After requireLedgerCaller: 403 FEATURE_NOT_IN_PLAN unless the plan of the ledger the caller
 * acts on (its owner's) includes `feature` (ARCHITECTURE §8). Checked on every request.
 */
export function requireFeature({ db }: Pick<AppDeps, 'db'>, feature: FeatureKey) {
  return createMiddleware<LedgerBindings>(async (c, next) => {
    const ledger = await ledgerForUser(db, { userId: c.get('user').id })
    await assertFeature(db, { ownerId: ledger.ownerId, feature })
    await next()
  })
}
