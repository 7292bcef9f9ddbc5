import type { ImportFormat } from '@equilibrai/shared'

/** One row of a bank statement, as the bank wrote it (amount positive, type from its sign). */
export type StatementRow = {
  /** The calendar date as written (YYYY-MM-DD): never shifted by a time zone. */
  date: string
  description: string
  amount_cents: number
  type: 'income' | 'expense' | 'transfer'
  /** The bank's own id (OFX FITID, Nubank's Identificador); not unique on its own. */
  fitid: string | null
}

export type ParsedStatement = {
  format: ImportFormat
  rows: StatementRow[]
  /** The statement's declared period, when it has one. */
  period: { from: string; to: string } | null
}
