import { CATEGORY_LABELS, type Transaction } from '@equilibrai/shared'
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
 */

export const CSV_BOM = '\uFEFF'
export const CSV_HEADER = ['Data', 'Tipo', 'Categoria', 'Descrição', 'Valor', 'Origem']

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

export function csvRow(entry: Transaction): string {
  return csvLine([
    formatIsoDate(entry.occurred_on),
    entry.type === 'income' ? 'Receita' : 'Despesa',
    csvCell(CATEGORY_LABELS[entry.category] ?? entry.category),
    csvCell(entry.description),
    csvAmount(entry.amount_cents),
    SOURCE_LABELS[entry.source] ?? entry.source,
  ])
}

/** The whole file as a stream of UTF-8 bytes: BOM and header first, then each page of rows. */
export function csvStream(pages: AsyncGenerator<Transaction[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let started = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true
          controller.enqueue(encoder.encode(CSV_BOM + csvLine(CSV_HEADER.map(csvCell))))
          return
        }
        const next = await pages.next()
        if (next.done) {
          controller.close()
          return
        }
        controller.enqueue(encoder.encode(next.value.map(csvRow).join('')))
      } catch (error) {
        controller.error(error)
      }
    },
    async cancel() {
      await pages.return(undefined)
    },
  })
}
