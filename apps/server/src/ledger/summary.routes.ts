import { type AppDeps, type LedgerBindings, requireLedgerCaller } from '../tenancy/index.ts'
import {
  monthSummaryExample,
  monthSummarySchema,
  saoPauloMonth,
  summaryQuerySchema,
} from '@equilibrai/shared'
import { Hono } from 'hono'
import { parseQuery, apiDoc } from '../platform/index.ts'
import { monthSummary } from './summary.queries.ts'

const doc = apiDoc({
  tag: 'Resumo',
  summary: 'Totais do mês por categoria',
  description: 'O mês de São Paulo; sem `month`, o atual.',
  query: summaryQuerySchema,
  response: { schema: monthSummarySchema, example: monthSummaryExample },
})

/**
 * GET /api/v1/summary?month=YYYY-MM → {month, income_cents, expense_cents, balance_cents,
 * by_category}. The month is São Paulo's; without one, the current month.
 */
export function summaryRoutes(deps: AppDeps) {
  const { db } = deps
  return new Hono<LedgerBindings>().get(
    '/v1/summary',
    requireLedgerCaller(deps),
    doc,
    async (c) => {
      const { month } = parseQuery(c, summaryQuerySchema)
      return c.json(
        await monthSummary(db, {
          ledgerId: c.var.caller.ledgerId,
          month: month ?? saoPauloMonth(new Date()),
        }),
      )
    },
  )
}
