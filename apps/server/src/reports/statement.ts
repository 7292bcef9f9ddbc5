import type { Queryable } from '../platform/index.ts'
import { monthEntries } from './entries.queries.ts'
import { monthlyReport } from './monthly-report.queries.ts'
import { PDF_MAX_ENTRIES } from './monthly-pdf.ts'
import { renderInThread } from './pdf-renderer.ts'

/**
 * The PDF statement of a ledger's month for a person (the download and the WhatsApp
 * document): the report's figures, the month's entries, the person's name in the header.
 * Rendered in a worker thread (pdf-renderer.ts), never on the main thread.
 */
export async function buildMonthlyStatement(
  db: Queryable,
  params: {
    userId: string
    ledgerId: number
    month: string
    now: Date
    /** Render threads the pool may grow to (pdf-renderer.ts). */
    threads?: number
  },
): Promise<Buffer> {
  const { ledgerId, month } = params
  const [report, entries, profile] = await Promise.all([
    monthlyReport(db, { ledgerId, month }),
    monthEntries(db, { ledgerId, month, limit: PDF_MAX_ENTRIES }),
    db.query<{ name: string }>('select name from profiles where id = $1', [params.userId]),
  ])
  const entryCount = report.by_category.reduce((n, row) => n + row.count, 0)
  return renderInThread(
    {
      name: profile.rows[0]?.name ?? '',
      report,
      entries,
      entryCount,
      generatedAt: params.now,
    },
    params.threads,
  )
}
