import { categorySchema, entryTypeSchema } from '@equilibrai/shared'
import { z } from 'zod'

/*
 * The answers of the planning routes (bills, recurring entries, budgets, alerts — issue 12) for
 * the OpenAPI document; requests are documented with the schemas the handlers validate with.
 */

const date = z.string().meta({ format: 'date', example: '2026-12-10' })
const cents = z.number().int().meta({ description: 'Centavos', example: 18000 })

export const billDoc = z
  .object({
    id: z.number().int(),
    description: z.string(),
    amount_cents: cents.nullable(),
    category: categorySchema.nullable(),
    due_on: date,
    recurrence: z.enum(['none', 'monthly']),
    paid_on: date.nullable().meta({ description: 'Quando foi paga; null enquanto em aberto' }),
  })
  .meta({
    id: 'Bill',
    example: {
      id: 12,
      description: 'conta de luz',
      amount_cents: 18000,
      category: 'contas_casa',
      due_on: '2026-12-10',
      recurrence: 'monthly',
      paid_on: null,
    },
  })

export const billListDoc = z.object({ data: z.array(billDoc) }).meta({ id: 'BillList' })

export const recurringDoc = z
  .object({
    id: z.number().int(),
    type: entryTypeSchema,
    amount_cents: cents,
    description: z.string(),
    category: categorySchema,
    day_of_month: z.number().int().min(1).max(31),
    next_on: date.meta({ description: 'Próxima data em que será lançado' }),
    last_refused_on: date
      .nullable()
      .meta({ description: 'Última ocorrência recusada pelo limite do plano, se houver' }),
  })
  .meta({
    id: 'Recurring',
    example: {
      id: 3,
      type: 'income',
      amount_cents: 450000,
      description: 'salário',
      category: 'salario',
      day_of_month: 5,
      next_on: '2026-12-05',
      last_refused_on: null,
    },
  })

export const recurringListDoc = z
  .object({ data: z.array(recurringDoc) })
  .meta({ id: 'RecurringList' })

export const budgetDoc = z
  .object({
    category: categorySchema,
    limit_cents: cents,
    spent_cents: cents,
    percent: z.number().meta({ description: 'spent_cents × 100 ÷ limit_cents' }),
  })
  .meta({
    id: 'Budget',
    example: { category: 'mercado', limit_cents: 80000, spent_cents: 64000, percent: 80 },
  })

export const budgetListDoc = z
  .object({ month: z.string().meta({ example: '2026-11' }), data: z.array(budgetDoc) })
  .meta({ id: 'BudgetList' })

export const alertListDoc = z
  .object({
    data: z.array(
      z.object({
        id: z.number().int(),
        kind: z.enum(['budget_80', 'budget_100', 'high_spending', 'bill_due']),
        category: categorySchema.nullable(),
        text: z.string(),
        created_at: z.string().meta({ format: 'date-time' }),
      }),
    ),
  })
  .meta({ id: 'AlertList' })

const billExample = {
  id: 12,
  description: 'conta de luz',
  amount_cents: 18000,
  category: 'contas_casa',
  due_on: '2026-12-10',
  recurrence: 'monthly',
  paid_on: null,
}
const recurringExample = {
  id: 3,
  type: 'income',
  amount_cents: 450000,
  description: 'salário',
  category: 'salario',
  day_of_month: 5,
  next_on: '2026-12-05',
  last_refused_on: null,
}
const budgetExample = { category: 'mercado', limit_cents: 80000, spent_cents: 64000, percent: 80 }

/** Examples of each answer, for the document (every operation shows one). */
export const planningExamples = {
  bill: billExample,
  bills: { data: [billExample] },
  recurring: recurringExample,
  recurringList: { data: [recurringExample] },
  budget: budgetExample,
  budgets: { month: '2026-11', data: [budgetExample] },
  alerts: {
    data: [
      {
        id: 7,
        kind: 'budget_80',
        category: 'mercado',
        text: '⚠️ Você já usou 80% do orçamento de Mercado deste mês.',
        created_at: '2026-11-20T13:05:00.000Z',
      },
    ],
  },
}
