import { analysisQuerySchema, saoPauloDate } from '@equilibrai/shared'
import { Hono } from 'hono'
import { analyzeLedger } from '../../analysis/analysis.queries.ts'
import type { AppDeps } from '../../http/app-types.ts'
import { requireFeature } from '../../http/feature-guard.ts'
import { type LedgerBindings, requireLedgerCaller } from '../../http/ledger-caller.ts'
import { parseQuery } from '../../http/parse.ts'
import { ledgerForUser } from '../../ledger/ledgers.queries.ts'

/** GET /api/v1/analysis?months=12 (análise_avançada, ARCHITECTURE §8) on the caller's ledger. */
export function analysisRoutes(deps: AppDeps) {
  const { db } = deps
  return new Hono<LedgerBindings>().get(
    '/v1/analysis',
    requireLedgerCaller(deps),
    requireFeature(deps, 'análise_avançada'),
    async (c) => {
      const { months } = parseQuery(c, analysisQuerySchema)
      const ledger = await ledgerForUser(db, { userId: c.get('user').id })
      return c.json(
        await analyzeLedger(db, {
          ledgerId: ledger.ledgerId,
          months,
          today: saoPauloDate(new Date()),
        }),
      )
    },
  )
}
