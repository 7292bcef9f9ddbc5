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

/** What the file says about its account: a card's or a bank account's, and which bank's. */
export type StatementSource = {
  /** true: a credit card's statement; false: a bank account's; null: the file does not say. */
  card: boolean | null
  /** The bank's name, lowercase ('nubank', 'itau'), when the file names it. */
  bank: string | null
}

export type ParsedStatement = {
  format: ImportFormat
  rows: StatementRow[]
  /** The statement's declared period, when it has one. */
  period: { from: string; to: string } | null
  source: StatementSource
}
