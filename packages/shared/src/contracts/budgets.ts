import { z } from 'zod'
import { categorySchema } from '../transactions.ts'
import { cents, month } from './fields.ts'

/** What /api/v1/budgets answers (ARCHITECTURE §8, alertas_orçamento). */

const budgetRow = z.object({
  category: categorySchema,
  limit_cents: cents(18000),
  spent_cents: cents(18000),
  /** spent_cents × 100 ÷ limit_cents, rounded down. */
  percent: z.number().meta({ description: 'spent_cents × 100 ÷ limit_cents' }),
})
/** A category's budget this month, with what was spent. */
export type BudgetRow = z.infer<typeof budgetRow>

export const budgetExample: BudgetRow = {
  category: 'mercado',
  limit_cents: 80000,
  spent_cents: 64000,
  percent: 80,
}

export const budgetSchema = budgetRow.meta({ id: 'Budget', example: budgetExample })

export const budgetListSchema = z
  .object({ month: month({ example: '2026-11' }), data: z.array(budgetSchema) })
  .meta({ id: 'BudgetList' })
export type BudgetList = z.infer<typeof budgetListSchema>

export const budgetListExample: BudgetList = { month: '2026-11', data: [budgetExample] }
