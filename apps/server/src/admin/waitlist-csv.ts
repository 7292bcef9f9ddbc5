import type { AdminWaitlistEntry } from '@equilibrai/shared'

/**
 * The waitlist as CSV for operators (RFC 4180: comma, CRLF, every text cell quoted, a quote
 * doubled), opened in Excel or Google Sheets.
 */
export const WAITLIST_CSV_HEADER = ['nome', 'whatssapp', 'email', 'created_at'] as const

/** Excel needs the byte order mark to read UTF-8 (accents) instead of the ANSI code page. */
export const UTF8_BOM = '\uFEFF'

/**
 * A cell a spreadsheet would run as a formula (CSV injection, OWASP): '=', '+', '-', '@', and
 * the tab and carriage return that some programs skip before looking. The apostrophe makes the
 * spreadsheet show it as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string | number | null): string {
  if (value === null) return ''
  let text = String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return `"${text.replaceAll('"', '""')}"`
}

export function csvLine(cells: readonly (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}

export function waitlistCsvLine(entry: AdminWaitlistEntry): string {
  return csvLine([entry.nome, entry.whatssapp, entry.email, entry.created_at])
}

/** BOM and header, then a chunk per page of rows as they arrive (streamedBody encodes it). */
export async function* waitlistCsvText(
  pages: AsyncIterable<AdminWaitlistEntry[]>,
): AsyncGenerator<string> {
  yield `${UTF8_BOM}${WAITLIST_CSV_HEADER.join(',')}\r\n`
  for await (const page of pages) yield page.map(waitlistCsvLine).join('')
}
