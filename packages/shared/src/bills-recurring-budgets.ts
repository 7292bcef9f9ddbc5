import { z } from 'zod'
import { CATEGORIES, type Category, categoryType } from './categories.ts'
import { addMonths, lastDayOfMonth } from './dates.ts'
import {
  amountCentsSchema,
  categorySchema,
  descriptionSchema,
  entryTypeSchema,
  isoDateSchema,
  monthSchema,
} from './transactions.ts'

/*
 * Bills, recurring entries, budgets and alerts (ARCHITECTURE §8): the shapes the API, the web
 * forms and the server agree on, with their pt-BR messages written once.
 */

export const BILL_RECURRENCES = ['none', 'monthly'] as const
export type BillRecurrence = (typeof BILL_RECURRENCES)[number]

export const EXPENSE_CATEGORY_LIST = CATEGORIES.filter((c) => categoryType(c) === 'expense')

const billCategorySchema = z.enum(EXPENSE_CATEGORY_LIST as [Category, ...Category[]], {
  error: 'Categoria inválida',
})

const billFields = z.object({
  description: descriptionSchema,
  amount_cents: amountCentsSchema.nullable(),
  category: billCategorySchema.nullable(),
  due_on: isoDateSchema,
  recurrence: z.enum(BILL_RECURRENCES, { error: 'Recorrência inválida' }),
  paid_on: isoDateSchema.nullable(),
})

/** POST /api/v1/bills and the web form: amount and category optional, not paid by default. */
export const billInputSchema = billFields.extend({
  amount_cents: billFields.shape.amount_cents.optional().default(null),
  category: billFields.shape.category.optional().default(null),
  recurrence: billFields.shape.recurrence.optional().default('none'),
  paid_on: billFields.shape.paid_on.optional().default(null),
})
export type BillInput = z.input<typeof billInputSchema>

/** PATCH /api/v1/bills/:id: any field; `paid_on` a date marks it paid, null unpaid. */
export const billPatchSchema = billFields
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nada para alterar')
export type BillPatch = z.infer<typeof billPatchSchema>

/** A day of the month for a recurring entry: 29–31 fall on the last day of shorter months. */
export const dayOfMonthSchema = z
  .number({ error: 'Dia inválido' })
  .int('Dia inválido')
  .min(1, 'Dia deve ser entre 1 e 31')
  .max(31, 'Dia deve ser entre 1 e 31')

/** POST /api/v1/recurring and the web form. */
export const recurringInputSchema = z
  .object({
    type: entryTypeSchema,
    amount_cents: amountCentsSchema,
    description: descriptionSchema,
    category: categorySchema,
    day_of_month: dayOfMonthSchema,
  })
  .refine((v) => categoryType(v.category) === v.type, {
    message: 'Categoria não corresponde ao tipo do lançamento',
    path: ['category'],
  })
export type RecurringInput = z.infer<typeof recurringInputSchema>

/** PUT /api/v1/budgets/:category. */
export const budgetInputSchema = z.object({
  limit_cents: amountCentsSchema,
})
export type BudgetInput = z.infer<typeof budgetInputSchema>

export const budgetCategorySchema = billCategorySchema

export const budgetMonthQuerySchema = z.object({ month: monthSchema.optional() })

export const ALERT_KINDS = ['budget_80', 'budget_100', 'high_spending', 'bill_due'] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

/** The occurrence of day `day` in `YYYY-MM`: day 31 is the 30th, 28th or 29th when shorter. */
export function occurrenceIn(month: string, day: number): string {
  const d = Math.min(day, lastDayOfMonth(month))
  return `${month}-${String(d).padStart(2, '0')}`
}

/** The first occurrence of day `day` on or after `from` (`YYYY-MM-DD`). */
export function nextOccurrence(from: string, day: number): string {
  const month = from.slice(0, 7)
  const here = occurrenceIn(month, day)
  return here >= from ? here : occurrenceIn(addMonths(month, 1), day)
}
