import { z } from 'zod'
import { ALERT_KINDS } from '../bills-recurring-budgets.ts'
import { categorySchema } from '../transactions.ts'
import { instant } from './fields.ts'

/** What /api/v1/alerts answers (ARCHITECTURE §8, alertas_orçamento): the last 100 alerts. */

export const alertPageSchema = z
  .object({
    data: z.array(
      z.object({
        id: z.number().int(),
        kind: z.enum(ALERT_KINDS),
        category: categorySchema.nullable(),
        text: z.string(),
        created_at: instant(),
      }),
    ),
  })
  .meta({ id: 'AlertList' })
export type AlertPage = z.infer<typeof alertPageSchema>
export type Alert = AlertPage['data'][number]

export const alertPageExample: AlertPage = {
  data: [
    {
      id: 7,
      kind: 'budget_80',
      category: 'mercado',
      text: '⚠️ Você já usou 80% do orçamento de Mercado deste mês.',
      created_at: '2026-11-20T13:05:00.000Z',
    },
  ],
}
