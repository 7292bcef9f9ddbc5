import type { AppDeps, LedgerBindings } from '../tenancy/index.ts'
import {
  monthlyReportQuerySchema,
  reportPdfFilename,
  saoPauloMonth,
  transactionsCsvQuerySchema,
} from '@equilibrai/shared'
import type { Context } from 'hono'
import { parseQuery, streamedBody } from '../platform/index.ts'
import { entriesInRange, transfersInRange } from './entries.queries.ts'
import { monthlyReport } from './monthly-report.queries.ts'
import { buildMonthlyStatement } from './statement.ts'
import { csvText } from './transactions-csv.ts'

type Ctx = Context<LedgerBindings>

/**
 * PDF statements run in the PDF lane (as many at once as there are render threads, a few more
 * waiting, each holding its month's entries), CSVs stream in the CSV lane; beyond a lane and
 * its queue, 503 BUSY with Retry-After.
 */
export function reportHandlers({
  db,
  env,
  lanes,
  log,
}: Pick<AppDeps, 'db' | 'env' | 'lanes' | 'log'>) {
  return {
    /** GET /v1/reports/monthly?month → the month's report (relatórios_básicos). */
    async monthly(c: Ctx) {
      const { month } = parseQuery(c, monthlyReportQuerySchema)
      return c.json(
        await monthlyReport(db, {
          ledgerId: c.var.caller.ledgerId,
          month: month ?? saoPauloMonth(new Date()),
        }),
      )
    },

    /** GET /v1/reports/monthly.pdf?month → the statement as a download (exportação_pdf). */
    async monthlyPdf(c: Ctx) {
      const { month: asked } = parseQuery(c, monthlyReportQuerySchema)
      const month = asked ?? saoPauloMonth(new Date())
      const { userId, ledgerId } = c.var.caller
      const pdf = await lanes.pdf.run(() =>
        buildMonthlyStatement(db, {
          userId,
          ledgerId,
          month,
          now: new Date(),
          threads: env.PDF_CONCURRENCY,
        }),
      )
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${reportPdfFilename(month)}"`,
        'Cache-Control': 'private, no-store',
      })
    },

    /** GET /v1/transactions.csv?from&to → the entries for a spreadsheet, streamed (every plan). */
    async csv(c: Ctx) {
      const { from, to } = parseQuery(c, transactionsCsvQuerySchema)
      const { ledgerId } = c.var.caller
      const name = `equilibrai-lancamentos${from ? `-${from}` : ''}${to ? `-a-${to}` : ''}.csv`
      const turn = await lanes.csv.enter()
      const text = csvText(
        entriesInRange(db, { ledgerId, from, to }),
        transfersInRange(db, { ledgerId, from, to }),
      )
      return c.body(streamedBody(text, { turn, log }), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${name}"`,
        'Cache-Control': 'private, no-store',
      })
    },
  }
}
