import {
  type AppDeps,
  requireFeature,
  type LedgerBindings,
  requireLedgerCaller,
} from '../tenancy/index.ts'
import { alertPageExample, alertPageSchema } from '@equilibrai/shared'
import { Hono } from 'hono'
import { listAlerts } from './alerts.ts'
import { apiDoc } from '../platform/index.ts'

const doc = apiDoc({
  tag: 'Orçamentos',
  summary: 'Alertas enviados, do mais novo ao mais antigo',
  description: 'Os últimos 100: `budget_80`, `budget_100`, `high_spending`, `bill_due`.',
  feature: 'alertas_orçamento',
  response: { schema: alertPageSchema, example: alertPageExample },
})

/**
 * GET /api/v1/alerts (ARCHITECTURE §8, alertas_orçamento): the alerts of the caller's ledger,
 * newest first (the last 100). Without the feature 403; bill reminders still go out.
 */
export function alertsRoutes(deps: AppDeps) {
  const { db } = deps
  return new Hono<LedgerBindings>().get(
    '/v1/alerts',
    requireLedgerCaller(deps),
    requireFeature(deps, 'alertas_orçamento'),
    doc,
    async (c) => {
      return c.json({ data: await listAlerts(db, { ledgerId: c.var.caller.ledgerId }) })
    },
  )
}
