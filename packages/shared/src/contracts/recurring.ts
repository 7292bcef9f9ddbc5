import { z } from 'zod'
import { categorySchema, entryTypeSchema } from '../transactions.ts'
import { cents, day } from './fields.ts'

/** What /api/v1/recurring answers (ARCHITECTURE §8, every plan). */

const recurring = z.object({
  id: z.number().int(),
  type: entryTypeSchema,
  amount_cents: cents(18000),
  description: z.string(),
  category: categorySchema,
  day_of_month: z.number().int().min(1).max(31),
  next_on: day('2026-12-10').meta({ description: 'Próxima data em que será lançado' }),
  last_refused_on: day('2026-12-10')
    .nullable()
    .meta({ description: 'Última ocorrência recusada pelo limite do plano, se houver' }),
})
/** A recurring entry. `last_refused_on`: the last day the plan's limit refused it. */
export type Recurring = z.infer<typeof recurring>

export const recurringExample: Recurring = {
  id: 3,
  type: 'income',
  amount_cents: 450000,
  description: 'salário',
  category: 'salario',
  day_of_month: 5,
  next_on: '2026-12-05',
  last_refused_on: null,
}

export const recurringSchema = recurring.meta({ id: 'Recurring', example: recurringExample })

export const recurringListSchema = z
  .object({ data: z.array(recurringSchema) })
  .meta({ id: 'RecurringList' })
export type RecurringList = z.infer<typeof recurringListSchema>

export const recurringListExample: RecurringList = { data: [recurringExample] }
