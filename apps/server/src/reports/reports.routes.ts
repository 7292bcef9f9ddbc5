import {
  type AppDeps,
  requireFeature,
  type LedgerBindings,
  requireLedgerCaller,
} from '../tenancy/index.ts'
import { Hono } from 'hono'
import { reportDocs } from './reports.docs.ts'
import { reportHandlers } from './reports.handlers.ts'

/**
 * Reports (ARCHITECTURE §8): the monthly report (relatórios_básicos), its PDF statement
 * (exportação_pdf) and the CSV export of the entries (every plan). The caller's ledger only.
 */
export function reportsRoutes(deps: AppDeps) {
  const h = reportHandlers(deps)
  const caller = requireLedgerCaller(deps)
  return new Hono<LedgerBindings>()
    .get(
      '/v1/reports/monthly',
      caller,
      reportDocs.monthly,
      requireFeature(deps, 'relatórios_básicos'),
      h.monthly,
    )
    .get(
      '/v1/reports/monthly.pdf',
      caller,
      reportDocs.monthlyPdf,
      requireFeature(deps, 'exportação_pdf'),
      h.monthlyPdf,
    )
    .get('/v1/transactions.csv', caller, reportDocs.csv, h.csv)
}
