import { z } from 'zod'
import { categorySchema, ENTRY_SOURCES, entryTypeSchema } from '../transactions.ts'
import { entryCustomCategorySchema } from './categories.ts'
import { cents, day, instant, spMonth } from './fields.ts'

/*
 * What /api/v1/transactions, /api/v1/summary and /api/v1/usage answer (ARCHITECTURE §5). One
 * schema per answer: the types below, the OpenAPI document (each `id` is a named component) and
 * the server tests' response checks all come from it.
 */

const transaction = z.object({
  id: z.number().int(),
  type: entryTypeSchema,
  amount_cents: cents(4590),
  description: z.string(),
  category: categorySchema,
  occurred_on: day('2026-11-10'),
  created_at: instant('2026-11-10T14:32:05.120Z'),
  source: z.enum(ENTRY_SOURCES).meta({ description: 'Por onde o lançamento entrou' }),
  created_by: z
    .object({ id: z.string(), name: z.string() })
    .nullable()
    .meta({ description: 'Quem lançou (numa equipe, o membro); null se a conta foi excluída' }),
  account_id: z.number().int().meta({ description: 'A conta (ou cartão) do lançamento' }),
  custom_category: entryCustomCategorySchema.optional(),
})

/** An entry as the API returns it. */
export type Transaction = z.infer<typeof transaction>

export const transactionExample: Transaction = {
  id: 1234,
  type: 'expense',
  amount_cents: 4590,
  description: 'Mercado do mês',
  category: 'mercado',
  occurred_on: '2026-11-10',
  created_at: '2026-11-10T14:32:05.120Z',
  source: 'api',
  created_by: { id: 'u_8f3k2', name: 'Joana Padeira' },
  account_id: 7,
  custom_category: null,
}

export const transactionSchema = transaction.meta({
  id: 'Transaction',
  example: transactionExample,
})

export const transactionPageSchema = z
  .object({
    data: z.array(transactionSchema),
    next_cursor: z
      .string()
      .nullable()
      .meta({ description: 'Passe em `cursor` para a próxima página; null no fim' }),
  })
  .meta({ id: 'TransactionPage' })
export type TransactionPage = z.infer<typeof transactionPageSchema>

const categoryTotal = z.object({
  category: categorySchema,
  type: entryTypeSchema,
  total_cents: cents(4590),
  count: z.number().int(),
})
export type CategoryTotal = z.infer<typeof categoryTotal>

export const monthSummarySchema = z
  .object({
    month: spMonth,
    income_cents: cents(4590),
    expense_cents: cents(4590),
    balance_cents: cents(4590),
    by_category: z.array(categoryTotal),
  })
  .meta({ id: 'MonthSummary' })
export type MonthSummary = z.infer<typeof monthSummarySchema>

/**
 * GET /api/v1/transactions/totals: the entries the list's filters select, summed (issue 26),
 * so the page's totals follow its search, person, account, category and amount filters.
 */
export const transactionTotalsSchema = z
  .object({
    income_cents: cents(300000),
    expense_cents: cents(4590),
    balance_cents: cents(295410),
    count: z.number().int().meta({ description: 'Quantos lançamentos os filtros selecionam' }),
    by_category: z.array(categoryTotal),
  })
  .meta({ id: 'TransactionTotals' })
export type TransactionTotals = z.infer<typeof transactionTotalsSchema>

export const transactionTotalsExample: TransactionTotals = {
  income_cents: 300000,
  expense_cents: 4590,
  balance_cents: 295410,
  count: 2,
  by_category: [
    { category: 'salario', type: 'income', total_cents: 300000, count: 1 },
    { category: 'mercado', type: 'expense', total_cents: 4590, count: 1 },
  ],
}

/** GET /api/v1/usage: entries recorded this São Paulo month against the plan's limit. */
export const entryUsageSchema = z
  .object({
    month: spMonth,
    used: z.number().int(),
    limit: z.number().int().meta({ description: '-1: sem limite' }),
    plan_type: z.string(),
    plan_name: z.string(),
  })
  .meta({ id: 'Usage' })
export type EntryUsage = z.infer<typeof entryUsageSchema>

export const transactionPageExample: TransactionPage = {
  data: [transactionExample],
  next_cursor: null,
}

export const monthSummaryExample: MonthSummary = {
  month: '2026-11',
  income_cents: 300000,
  expense_cents: 4590,
  balance_cents: 295410,
  by_category: [{ category: 'mercado', type: 'expense', total_cents: 4590, count: 1 }],
}

export const entryUsageExample: EntryUsage = {
  month: '2026-11',
  used: 3,
  limit: -1,
  plan_type: 'empresas_15',
  plan_name: 'Empresas 15',
}
