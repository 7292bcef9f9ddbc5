import { z } from 'zod'
import { isoDateSchema } from '../transactions.ts'

/*
 * Statement imports (ARCHITECTURE §10): what /api/v1/imports answers and the column mapping a
 * person confirms for another bank's CSV (remembered per account).
 */

export const IMPORT_FORMATS = ['ofx', 'nubank', 'inter', 'csv'] as const
export type ImportFormat = (typeof IMPORT_FORMATS)[number]
export const IMPORT_ITEM_STATES = ['new', 'duplicate', 'matched'] as const
export const IMPORT_ITEM_TYPES = ['income', 'expense', 'transfer'] as const
/** The largest statement file taken (a larger one answers 413). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024

export const CSV_DATE_FORMATS = [
  'DD/MM/YYYY',
  'DD/MM/YY',
  'YYYY-MM-DD',
  'MM/DD/YYYY',
  'DD-MM-YYYY',
] as const

const column = z.string().trim().min(1, 'Escolha a coluna.').max(100)

/** Which columns of another bank's CSV hold what (by header name). */
export const csvMappingSchema = z
  .object({
    date: column,
    description: column,
    amount: column.optional(),
    debit: column.optional(),
    credit: column.optional(),
    decimal: z.enum(['comma', 'dot']),
    date_format: z.enum(CSV_DATE_FORMATS),
  })
  .refine((m) => m.amount !== undefined || (m.debit !== undefined && m.credit !== undefined), {
    message: 'Escolha a coluna do valor, ou as colunas de débito e de crédito.',
  })
export type CsvMapping = z.infer<typeof csvMappingSchema>

export const importSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(['preview', 'committed']),
  format: z.enum(IMPORT_FORMATS),
  account_id: z.number().int(),
  rows: z.number().int(),
  new: z.number().int(),
  duplicates: z.number().int(),
  matched: z.number().int(),
  review: z.number().int(),
  period: z.object({ from: isoDateSchema.nullable(), to: isoDateSchema.nullable() }),
})
export type ImportSummary = z.infer<typeof importSummarySchema>

export const importItemSchema = z.object({
  ord: z.number().int(),
  date: isoDateSchema,
  description: z.string(),
  amount_cents: z.number().int().positive(),
  type: z.enum(IMPORT_ITEM_TYPES),
  category: z.string().nullable(),
  state: z.enum(IMPORT_ITEM_STATES),
  /** The typed entry a matched row is (or, after commit, the entry recorded for it). */
  transaction_id: z.number().int().nullable(),
  /** Close but not certain: the "a conferir" list. */
  review: z.boolean(),
})
export type ImportItem = z.infer<typeof importItemSchema>

export const importDetailSchema = importSummarySchema.extend({
  items: z.array(importItemSchema),
  /** With `limit`: pass it as `cursor` for the next page; null on the last (or without `limit`). */
  next_cursor: z.string().nullable(),
})

/** The largest page of an import's rows. */
export const MAX_IMPORT_PAGE = 1000

/**
 * GET /api/v1/imports/:id: without `limit`, every row (as before paging); with it, a page of
 * rows after `cursor` (a row's `ord`), in file order. `review=true`: only the "a conferir" rows.
 */
export const importItemsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Limite inválido' })
    .int('Limite inválido')
    .min(1, 'Limite inválido')
    .max(MAX_IMPORT_PAGE, `Limite máximo é ${MAX_IMPORT_PAGE}`)
    .optional(),
  cursor: z
    .string()
    .regex(/^\d{1,9}$/, 'Cursor inválido')
    .transform(Number)
    .optional(),
  review: z.enum(['true', 'false'], { error: 'review deve ser true ou false' }).optional(),
})
export type ImportItemsQuery = z.infer<typeof importItemsQuerySchema>
export type ImportDetail = z.infer<typeof importDetailSchema>

export const importCommitSchema = z.object({
  recorded: z.number().int(),
  linked: z.number().int(),
})
export type ImportCommit = z.infer<typeof importCommitSchema>
