import type { AppDeps, LedgerBindings } from '../tenancy/index.ts'
import {
  monthlyReportQuerySchema,
  reportPdfFilename,
  saoPauloMonth,
  transactionsCsvQuerySchema,
} from '@equilibrai/shared'
import type { Context } from 'hono'
import { Lane, parseQuery } from '../platform/index.ts'
import { PDF_THREADS } from './pdf-renderer.ts'
import { entriesInRange, transfersInRange } from './entries.queries.ts'
import { monthlyReport } from './monthly-report.queries.ts'
import { buildMonthlyStatement } from './statement.ts'
import { csvStream } from './transactions-csv.ts'

type Ctx = Context<LedgerBindings>

/**
 * PDF statements in this process: as many at once as there are render threads, a few more
 * waiting (each holds its month's entries in memory), the rest refused with 503 BUSY.
 */
const pdfLane = new Lane({ concurrency: PDF_THREADS, queue: 4 * PDF_THREADS, retryAfterSeconds: 5 })

export function reportHandlers({ db }: Pick<AppDeps, 'db'>) {
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
      const pdf = await pdfLane.run(() =>
        buildMonthlyStatement(db, { userId, ledgerId, month, now: new Date() }),
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
      return c.body(
        csvStream(
          entriesInRange(db, { ledgerId, from, to }),
          transfersInRange(db, { ledgerId, from, to }),
        ),
        200,
        {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${name}"`,
          'Cache-Control': 'private, no-store',
        },
      )
    },
  }
}
