import { z } from 'zod'
import { cents, spMonth } from './fields.ts'

/** What /api/v1/team/summary answers (ARCHITECTURE §8, dashboard_equipe). */

export const teamSummarySchema = z
  .object({
    month: spMonth,
    members: z.array(
      z.object({
        user_id: z.string().nullable().meta({ description: 'null: conta excluída' }),
        name: z.string(),
        income_cents: cents(4590),
        expense_cents: cents(4590),
        count: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'TeamSummary' })
/** GET /api/v1/team/summary?month= (user_id null: entries of accounts deleted since). */
export type TeamSummary = z.infer<typeof teamSummarySchema>

export const teamSummaryExample: TeamSummary = {
  month: '2026-11',
  members: [
    {
      user_id: 'u_8f3k2',
      name: 'Joana Padeira',
      income_cents: 35000,
      expense_cents: 4500,
      count: 2,
    },
    {
      user_id: 'u_1b9x7',
      name: 'Carlos Sócio',
      income_cents: 12000,
      expense_cents: 8000,
      count: 2,
    },
  ],
}
