import { saoPauloMonth, summaryQuerySchema } from '@equilibrai/shared'
import { Hono } from 'hono'
import type { AppDeps } from '../../http/app-types.ts'
import { parseQuery } from '../../http/parse.ts'
import { ledgerForUser } from '../../ledger/ledgers.queries.ts'
import { monthSummary } from '../../ledger/summary.queries.ts'
import { type LedgerBindings, requireLedgerCaller } from '../../http/ledger-caller.ts'

/**
 * GET /api/v1/summary?month=YYYY-MM → {month, income_cents, expense_cents, balance_cents,
 * by_category}. The month is São Paulo's; without one, the current month.
 */
export function summaryRoutes(deps: AppDeps) {
  const { db } = deps
  return new Hono<LedgerBindings>().get('/v1/summary', requireLedgerCaller(deps), async (c) => {
    const { month } = parseQuery(c, summaryQuerySchema)
    const ledger = await ledgerForUser(db, { userId: c.get('user').id })
    return c.json(
      await monthSummary(db, {
        ledgerId: ledger.ledgerId,
        month: month ?? saoPauloMonth(new Date()),
      }),
    )
  })
}
