import { z } from 'zod'
import { categorySchema, entryTypeSchema } from '../transactions.ts'
import { cents, day, spMonth } from './fields.ts'
import { transactionExample, transactionSchema } from './ledger.ts'

/** What GET /api/v1/reports/monthly answers (ARCHITECTURE §8, relatórios_básicos). */

const reportTotals = z.object({
  income_cents: cents(4590),
  expense_cents: cents(4590),
  balance_cents: cents(4590),
})
export type ReportTotals = z.infer<typeof reportTotals>

const reportCategory = z.object({
  category: categorySchema,
  type: entryTypeSchema,
  total_cents: cents(4590),
  count: z.number().int(),
  previous_cents: cents(4590).meta({ description: 'Total da categoria no mês anterior' }),
})
export type ReportCategory = z.infer<typeof reportCategory>

const reportDay = z.object({
  date: day(),
  income_cents: cents(4590),
  expense_cents: cents(4590),
})
export type ReportDay = z.infer<typeof reportDay>

export const monthlyReportSchema = z
  .object({
    month: spMonth,
    ...reportTotals.shape,
    previous: reportTotals.meta({ description: 'Os mesmos totais no mês anterior' }),
    by_category: z.array(reportCategory),
    daily: z
      .array(reportDay)
      .meta({ description: 'Todos os dias do mês, em ordem (dias sem lançamentos com zero)' }),
    top_expenses: z
      .array(transactionSchema)
      .meta({ description: 'As 10 maiores despesas do mês, da maior para a menor' }),
  })
  .meta({ id: 'MonthlyReport' })
export type MonthlyReport = z.infer<typeof monthlyReportSchema>

export const monthlyReportExample: MonthlyReport = {
  month: '2026-11',
  income_cents: 300000,
  expense_cents: 4590,
  balance_cents: 295410,
  previous: { income_cents: 280000, expense_cents: 3200, balance_cents: 276800 },
  by_category: [
    {
      category: 'mercado',
      type: 'expense',
      total_cents: 4590,
      count: 1,
      previous_cents: 3200,
    },
  ],
  daily: [{ date: '2026-11-01', income_cents: 0, expense_cents: 4590 }],
  top_expenses: [{ ...transactionExample, source: 'whatsapp' }],
}
