import type { AppDeps } from './app-deps.ts'
import type { FeatureKey } from '@equilibrai/shared'
import { createMiddleware } from 'hono/factory'
import { assertFeature } from './feature-gate.ts'
import type { LedgerBindings } from './ledger-caller.ts'

/** The features already checked for a request: a route table's `use('/x')` and `use('/x/*')`
 * both match `/x`, and the second check would be one more round trip for the same answer. */
const checked = new WeakMap<Request, Set<FeatureKey>>()

/**
 * The feature gate of a route table, after requireLedgerCaller (or requireUser and
 * resolveCaller): 403 FEATURE_NOT_IN_PLAN unless the plan of the ledger the caller acts on (its
 * owner's) includes `feature` (ARCHITECTURE §8). Checked on every request (once, however many
 * of a table's patterns match it); handlers never check features themselves.
 */
export function requireFeature({ db }: Pick<AppDeps, 'db'>, feature: FeatureKey) {
  return createMiddleware<LedgerBindings>(async (c, next) => {
    const caller = c.var.caller
    if (!caller) throw new Error(`requireFeature('${feature}') runs after the caller is resolved`)
    const done = checked.get(c.req.raw) ?? new Set<FeatureKey>()
    if (!done.has(feature)) {
      await assertFeature(db, { ownerId: caller.ownerId, feature })
      done.add(feature)
      checked.set(c.req.raw, done)
    }
    await next()
  })
}
