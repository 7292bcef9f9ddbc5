import { Hono } from 'hono'
import type { AppDeps } from '../../http/app-types.ts'
import { ledgerForUser } from '../../ledger/ledgers.queries.ts'
import { getUsage } from '../../ledger/monthly-limit.ts'
import { type LedgerBindings, requireLedgerCaller } from '../../http/ledger-caller.ts'

/**
 * GET /api/v1/usage → {month, used, limit, plan_type, plan_name}: entries recorded this São
 * Paulo month in the caller's ledger against its owner's plan (the finance page's
 * '3 de 5 lançamentos este mês'). Not in ARCHITECTURE §5's table: an addition.
 */
export function usageRoutes(deps: AppDeps) {
  const { db } = deps
  return new Hono<LedgerBindings>().get('/v1/usage', requireLedgerCaller(deps), async (c) => {
    const ledger = await ledgerForUser(db, { userId: c.get('user').id })
    return c.json(await getUsage(db, { ownerId: ledger.ownerId }))
  })
}
