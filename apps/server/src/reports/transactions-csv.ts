import { CATEGORY_LABELS, type Transaction } from '@equilibrai/shared'
import type { EntryWithAccount, TransferRow } from './entries.queries.ts'
import { formatIsoDate } from './monthly-pdf.ts'

/*
 * The CSV export (GET /api/v1/transactions.csv, every plan), made for spreadsheets set to
 * Brazilian Portuguese: UTF-8 with a BOM (Excel otherwise reads it as Windows-1252), ';' between
 * cells (',' is the decimal mark), dates dd/mm/aaaa and amounts 1.234,56 without 'R$', so
 * Excel and Google Sheets read them as dates and numbers.
 *
 * Formula injection (OWASP "CSV injection"): a text cell that starts with = + - @, a tab or a
 * carriage return would be run as a formula; it gets a leading apostrophe. Only text people
 * typed is guarded — our own amounts are never negative and stay numbers.
 *
 * Accounts (ARCHITECTURE §9): each row names its account ("Conta"); transfers are rows of their
 * own, "Transferência" with "Origem → Destino" as the account and no category, in date order
 * among the entries — so a spreadsheet summing "Receita" and "Despesa" never counts them.
 */

export const CSV_BOM = '\uFEFF'
export const CSV_HEADER = ['Data', 'Tipo', 'Categoria', 'Descrição', 'Valor', 'Origem', 'Conta']

const SOURCE_LABELS: Record<Transaction['source'], string> = {
  whatsapp: 'WhatsApp',
  web: 'Web',
  api: 'API',
}

/** A text cell: formula-guarded, quoted when it holds ';', quotes or line breaks. */
export function csvCell(text: string): string {
  const guarded = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[;"\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded
}

/** 123456 → '1.234,56' (no currency symbol: the spreadsheet keeps it a number). */
export function csvAmount(cents: number): string {
  const reais = Math.trunc(cents / 100)
  const frac = String(Math.abs(cents) % 100).padStart(2, '0')
  const grouped = String(Math.abs(reais)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${cents < 0 ? '-' : ''}${grouped},${frac}`
}

export function csvLine(cells: string[]): string {
  return `${cells.join(';')}\r\n`
}

export function csvRow(entry: EntryWithAccount): string {
  return csvLine([
    formatIsoDate(entry.occurred_on),
    entry.type === 'income' ? 'Receita' : 'Despesa',
    csvCell(CATEGORY_LABELS[entry.category] ?? entry.category),
    csvCell(entry.description),
    csvAmount(entry.amount_cents),
    SOURCE_LABELS[entry.source] ?? entry.source,
    csvCell(entry.account_name),
  ])
}

export function csvTransferRow(transfer: TransferRow): string {
  return csvLine([
    formatIsoDate(transfer.occurred_on),
    'Transferência',
    '',
    csvCell(transfer.description),
    csvAmount(transfer.amount_cents),
    '',
    csvCell(`${transfer.from_name} → ${transfer.to_name}`),
  ])
}

type Dated = { occurred_on: string }

/**
 * Two streams of pages, each in date order, as one stream of pages in date order (on the same
 * day `a` comes first). Holds at most one page of each.
 */
export async function* mergeByDate<A extends Dated, B extends Dated>(
  a: AsyncGenerator<A[]>,
  b: AsyncGenerator<B[]>,
): AsyncGenerator<Array<{ a: A } | { b: B }>> {
  // Read by index: a page belongs to its generator, which may still look at it.
  let pageA: A[] = []
  let pageB: B[] = []
  let i = 0
  let j = 0
  let doneA = false
  let doneB = false
  try {
    for (;;) {
      if (i === pageA.length && !doneA) {
        const next = await a.next()
        if (next.done) doneA = true
        else [pageA, i] = [next.value, 0]
      }
      if (j === pageB.length && !doneB) {
        const next = await b.next()
        if (next.done) doneB = true
        else [pageB, j] = [next.value, 0]
      }
      if (i === pageA.length && j === pageB.length) return
      const out: Array<{ a: A } | { b: B }> = []
      // Until one page runs out while its stream may still hold rows.
      while ((i < pageA.length || doneA) && (j < pageB.length || doneB)) {
        const x = pageA[i]
        const y = pageB[j]
        if (x && (!y || x.occurred_on <= y.occurred_on)) {
          out.push({ a: x })
          i++
        } else if (y) {
          out.push({ b: y })
          j++
        } else break
      }
      if (out.length > 0) yield out
    }
  } finally {
    await a.return(undefined)
    await b.return(undefined)
  }
}

/**
 * The whole file as a stream of text (streamedBody encodes it as UTF-8): BOM and header first,
 * then each page of rows.
 */
export async function* csvText(
  entries: AsyncGenerator<EntryWithAccount[]>,
  transfers: AsyncGenerator<TransferRow[]>,
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(CSV_HEADER.map(csvCell))
  for await (const page of mergeByDate(entries, transfers)) {
    yield page.map((row) => ('a' in row ? csvRow(row.a) : csvTransferRow(row.b))).join('')
  }
}
