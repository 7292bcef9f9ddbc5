import { z } from 'zod'
import { BILL_RECURRENCES } from '../bills-recurring-budgets.ts'
import { categorySchema } from '../transactions.ts'
import { cents, day } from './fields.ts'

/** What /api/v1/bills answers (ARCHITECTURE §8, every plan). */

const bill = z.object({
  id: z.number().int(),
  description: z.string(),
  amount_cents: cents(18000).nullable(),
  category: categorySchema.nullable(),
  due_on: day('2026-12-10'),
  recurrence: z.enum(BILL_RECURRENCES),
  paid_on: day('2026-12-10')
    .nullable()
    .meta({ description: 'Quando foi paga; null enquanto em aberto' }),
})
/** A bill as the API returns it. */
export type Bill = z.infer<typeof bill>

export const billExample: Bill = {
  id: 12,
  description: 'conta de luz',
  amount_cents: 18000,
  category: 'contas_casa',
  due_on: '2026-12-10',
  recurrence: 'monthly',
  paid_on: null,
}

export const billSchema = bill.meta({ id: 'Bill', example: billExample })

export const billListSchema = z.object({ data: z.array(billSchema) }).meta({ id: 'BillList' })
export type BillList = z.infer<typeof billListSchema>

export const billListExample: BillList = { data: [billExample] }
