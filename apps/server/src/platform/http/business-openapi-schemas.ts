import { categorySchema, entryTypeSchema } from '@equilibrai/shared'
import { z } from 'zod'

/** The answers of the business plans' /api/v1 routes (issue 14), for the OpenAPI document. */

const month = z.string().meta({ example: '2026-11', description: 'AAAA-MM (São Paulo)' })
const cents = z.number().int().meta({ description: 'Centavos', example: 4590 })

const monthTotals = z.object({
  month,
  income_cents: cents,
  expense_cents: cents,
  balance_cents: cents,
})

const categoryChange = z.object({
  category: categorySchema,
  type: entryTypeSchema,
  this_month_cents: cents,
  average_3m_cents: cents,
  change_pct: z
    .number()
    .int()
    .nullable()
    .meta({ description: '(este mês − média) × 100 ÷ média; null sem média' }),
  projected_cents: cents,
})

export const analysisDoc = z
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

export const teamSummaryDoc = z
  .object({
    month,
    members: z.array(
      z.object({
        user_id: z.string().nullable().meta({ description: 'null: conta excluída' }),
        name: z.string(),
        income_cents: cents,
        expense_cents: cents,
        count: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'TeamSummary' })
