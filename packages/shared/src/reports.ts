import { z } from 'zod'
import { isoDateSchema, monthSchema } from './transactions.ts'

/**
 * Reports (ARCHITECTURE §8, relatórios_básicos / exportação_pdf): GET /api/v1/reports/monthly
 * (JSON and .pdf) and the CSV export GET /api/v1/transactions.csv (every plan).
 */

/** ?month=YYYY-MM: the São Paulo month, the current one when absent. */
export const monthlyReportQuerySchema = z.object({ month: monthSchema.optional() })

/** ?from=&to= (both optional, inclusive): the entries to export. */
export const transactionsCsvQuerySchema = z
  .object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: 'A data inicial deve ser anterior à final',
    path: ['from'],
  })

/** How many entries top_expenses lists. */
export const TOP_EXPENSES = 10

/** `2026-11` → `equilibrai-2026-11.pdf` (the download's and the WhatsApp document's name). */
export function reportPdfFilename(month: string): string {
  return `equilibrai-${month}.pdf`
}
