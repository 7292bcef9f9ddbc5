import { z } from 'zod'
import { categorySchema, entryTypeSchema } from '../transactions.ts'
import { cents, spMonth } from './fields.ts'

/** What /api/v1/analysis answers (ARCHITECTURE §8, análise_avançada). */

const monthTotals = z.object({
  month: spMonth,
  income_cents: cents(4590),
  expense_cents: cents(4590),
  balance_cents: cents(4590),
})
export type MonthTotals = z.infer<typeof monthTotals>

const categoryChange = z.object({
  category: categorySchema,
  type: entryTypeSchema,
  this_month_cents: cents(4590),
  average_3m_cents: cents(4590),
  change_pct: z
    .number()
    .int()
    .nullable()
    .meta({ description: '(este mês − média) × 100 ÷ média; null sem média' }),
  /** Where the category is heading by the end of the month (see the projection's rule). */
  projected_cents: cents(4590),
})
export type CategoryChange = z.infer<typeof categoryChange>

/** GET /api/v1/analysis?months=12. `movers`: up to 3 categories whose projection moves most. */
export const analysisSchema = z
  .object({
    months: z.array(monthTotals),
    categories: z.array(categoryChange),
    projection: monthTotals.extend({
      days_elapsed: z.number().int(),
      days_in_month: z.number().int(),
    }),
    movers: z.array(categoryChange),
  })
  .meta({ id: 'Analysis' })
export type Analysis = z.infer<typeof analysisSchema>

const mercado: CategoryChange = {
  category: 'mercado',
  type: 'expense',
  this_month_cents: 15000,
  average_3m_cents: 30000,
  change_pct: -50,
  projected_cents: 45000,
}

export const analysisExample: Analysis = {
  months: [
    { month: '2026-10', income_cents: 500000, expense_cents: 180000, balance_cents: 320000 },
    { month: '2026-11', income_cents: 500000, expense_cents: 25000, balance_cents: 475000 },
  ],
  categories: [mercado],
  projection: {
    month: '2026-11',
    income_cents: 500000,
    expense_cents: 217000,
    balance_cents: 283000,
    days_elapsed: 10,
    days_in_month: 30,
  },
  movers: [mercado],
}
