import { z } from 'zod'
import { CATEGORIES, type Category, categoryType, type EntryType } from './categories.ts'
import { isRealDate } from './dates.ts'
import { MAX_ENTRY_CENTS } from './money.ts'

/**
 * The ledger's contract (ARCHITECTURE §5): an entry as the web form, the HTTP API and the
 * server agree on it, with the pt-BR messages written once.
 */

export const ENTRY_SOURCES = ['whatsapp', 'web', 'api'] as const
export type EntrySource = (typeof ENTRY_SOURCES)[number]

export const MAX_DESCRIPTION_LENGTH = 200

export const entryTypeSchema = z.enum(['expense', 'income'], { error: 'Tipo inválido' })

export const amountCentsSchema = z
  .number({ error: 'Valor inválido' })
  .int('Valor deve ser em centavos')
  .positive('Valor deve ser maior que zero')
  .max(MAX_ENTRY_CENTS, 'Valor máximo por lançamento é R$ 1.000.000,00')

export const categorySchema = z.enum(CATEGORIES as [Category, ...Category[]], {
  error: 'Categoria inválida',
})

/** A real calendar day, `YYYY-MM-DD`, in a range a ledger can hold. */
export const isoDateSchema = z
  .string({ error: 'Data inválida' })
  .refine((v) => isRealDate(v) && v >= '1900-01-01' && v <= '2999-12-31', 'Data inválida')
  .meta({ format: 'date', description: 'AAAA-MM-DD', example: '2026-11-10' })

export const monthSchema = z
  .string({ error: 'Mês inválido' })
  .regex(/^(19|2\d)\d{2}-(0[1-9]|1[0-2])$/, 'Mês inválido')

/**
 * Characters that steer a terminal or reorder text rather than show something: C0 and C1
 * controls, DEL, and the bidirectional overrides and isolates. An entry's description ends up
 * in CSVs, PDFs, logs and other people's screens (a team's ledger, webhooks), so none of them
 * is accepted (issue 25).
 */
const CONTROL_RANGES: readonly (readonly [number, number])[] = [
  [0x00, 0x1f],
  [0x7f, 0x9f],
  [0x202a, 0x202e],
  [0x2066, 0x2069],
]

export function hasControlCharacters(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if (CONTROL_RANGES.some(([from, to]) => code >= from && code <= to)) return true
  }
  return false
}

export const descriptionSchema = z
  .string({ error: 'Descrição é obrigatória' })
  .trim()
  .min(1, 'Descrição é obrigatória')
  .max(MAX_DESCRIPTION_LENGTH, 'Descrição deve ter no máximo 200 caracteres')
  .refine((v) => !hasControlCharacters(v), 'A descrição não pode conter caracteres de controle.')

const CATEGORY_MISMATCH = 'Categoria não corresponde ao tipo do lançamento'

/** The account an entry is on (ARCHITECTURE §9); without it, the ledger's default account. */
export const entryAccountIdSchema = z
  .number({ error: 'Conta inválida' })
  .int('Conta inválida')
  .positive('Conta inválida')
  .meta({ description: 'A conta do lançamento; sem ela, a conta principal' })

/**
 * A category of one's own (ADR 026): the entry counts in the default category that category
 * sits under, whatever `category` says; null takes the entry out of it.
 */
export const entryCustomCategoryIdSchema = z
  .number({ error: 'Categoria inválida' })
  .int('Categoria inválida')
  .positive('Categoria inválida')
  .nullable()
  .meta({ description: 'Uma categoria própria do lançamento (GET /api/v1/categories)' })

const entryFields = z.object({
  type: entryTypeSchema,
  amount_cents: amountCentsSchema,
  description: descriptionSchema,
  category: categorySchema,
  occurred_on: isoDateSchema,
  account_id: entryAccountIdSchema.optional(),
  custom_category_id: entryCustomCategoryIdSchema.optional(),
})

/** POST /api/v1/transactions and the web form. */
export const transactionInputSchema = entryFields.refine(
  (v) => categoryType(v.category) === v.type,
  { message: CATEGORY_MISMATCH, path: ['category'] },
)
export type TransactionInput = z.infer<typeof transactionInputSchema>

/**
 * PATCH /api/v1/transactions/:id: any of the fields. Whether type and category still match is
 * checked against the stored entry (the server merges first), so the patch alone may change
 * one of them.
 */
export const transactionPatchSchema = entryFields
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nada para alterar')
export type TransactionPatch = z.infer<typeof transactionPatchSchema>

/** Whether a (merged) entry's category belongs to its type. */
export function entryMatchesCategory(entry: { type: EntryType; category: Category }): boolean {
  return categoryType(entry.category) === entry.type
}
export const CATEGORY_MISMATCH_MESSAGE = CATEGORY_MISMATCH

export const MAX_PAGE_SIZE = 200

/** An amount bound of the filters, in centavos ('min_cents=2350'). */
const centsBound = (message: string) =>
  z
    .string()
    .regex(/^\d{1,13}$/, message)
    .transform(Number)
    .refine((v) => v <= MAX_ENTRY_CENTS, message)

/**
 * The filters GET /api/v1/transactions and GET /api/v1/transactions/totals share (issue 26):
 * the period, who recorded, the account, words of the description, the type, the category and
 * an amount range. Every one optional; together they narrow (and).
 */
const transactionFilterFields = {
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  /** A team's entries recorded by this person (user id). */
  member: z
    .string()
    .regex(/^[\w-]{1,100}$/, 'Membro inválido')
    .optional(),
  /** Only the entries on this account. */
  account_id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'Conta inválida')
    .transform(Number)
    .optional(),
  /** Words of the description, any case and accents ('cafe' finds 'Café'). */
  q: z
    .string()
    .trim()
    .min(1, 'Busca vazia')
    .max(100, 'Busca deve ter no máximo 100 caracteres')
    .refine((v) => !hasControlCharacters(v), 'Busca inválida')
    .optional(),
  type: entryTypeSchema.optional(),
  category: categorySchema.optional(),
  /** Only the entries in this category of one's own. */
  custom_category_id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'Categoria inválida')
    .transform(Number)
    .optional(),
  min_cents: centsBound('Valor mínimo inválido').optional(),
  max_cents: centsBound('Valor máximo inválido').optional(),
}

const { from: _from, to: _to, ...narrowingFields } = transactionFilterFields
const periodFields = { from: _from, to: _to }

type Bounds = { from?: string; to?: string; min_cents?: number; max_cents?: number }
const periodInOrder = (v: Bounds) => !v.from || !v.to || v.from <= v.to
const amountsInOrder = (v: Bounds) =>
  v.min_cents === undefined || v.max_cents === undefined || v.min_cents <= v.max_cents

/** GET /api/v1/transactions/totals query string: the list's filters, no paging. */
export const transactionFiltersSchema = z
  .object(transactionFilterFields)
  .refine(periodInOrder, { message: 'Período inválido', path: ['from'] })
  .refine(amountsInOrder, { message: 'Valor mínimo maior que o máximo', path: ['min_cents'] })
export type TransactionFilters = z.infer<typeof transactionFiltersSchema>

/** GET /api/v1/transactions query string. */
export const transactionListQuerySchema = z
  .object({
    // The original parameters first, in their order (the OpenAPI document lists them so).
    from: periodFields.from,
    to: periodFields.to,
    limit: z.coerce
      .number({ error: 'Limite inválido' })
      .int('Limite inválido')
      .min(1, 'Limite inválido')
      .max(MAX_PAGE_SIZE, `Limite máximo é ${MAX_PAGE_SIZE}`)
      .default(50),
    cursor: z.string().max(200, 'Cursor inválido').optional(),
    ...narrowingFields,
  })
  .refine(periodInOrder, { message: 'Período inválido', path: ['from'] })
  .refine(amountsInOrder, { message: 'Valor mínimo maior que o máximo', path: ['min_cents'] })
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>

/** GET /api/v1/summary query string: the São Paulo month, the current one when absent. */
export const summaryQuerySchema = z.object({ month: monthSchema.optional() })
