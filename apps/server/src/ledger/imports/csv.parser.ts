import type { CsvMapping } from '@equilibrai/shared'
import { parse } from 'csv-parse'
import { type DateFormat, parseDate, parseSignedCents } from './amounts.ts'
import { toRow } from './classify.ts'
import { MappingRequiredError, UnreadableStatementError } from './errors.ts'
import type { ParsedStatement, StatementRow } from './statement.ts'

/** A header cell compared without case, accents, quotes or spaces around it. */
export function headerKey(cell: string): string {
  return cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/^["'\s]+|["'\s]+$/g, '')
    .toLowerCase()
}

type Layout = {
  format: ParsedStatement['format']
  /** The line (0-based) with the header. */
  headerLine: number
  delimiter: string
  header: string[]
  period: { from: string; to: string } | null
}

const PREAMBLE_LINES = 30

function delimiterOf(line: string): string {
  const counts = [';', ',', '\t', '|'].map((d) => [d, line.split(d).length - 1] as const)
  counts.sort((a, b) => b[1] - a[1])
  return counts[0]?.[1] ? counts[0][0] : ','
}

function cellsOf(line: string, delimiter: string): string[] {
  return line.split(delimiter).map(headerKey)
}

/** Finds the header line and says which bank's CSV this is ('csv' for any other). */
export function detectCsv(text: string): Layout {
  const lines = text
    .slice(0, 16 * 1024)
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .slice(0, PREAMBLE_LINES)
  let period: Layout['period'] = null
  for (const [i, line] of lines.entries()) {
    const delimiter = delimiterOf(line)
    const cells = cellsOf(line, delimiter)
    const has = (...names: string[]) => names.every((n) => cells.includes(n))
    const declared = /(\d{2}\/\d{2}\/\d{4})\s*(?:a|até|-)\s*(\d{2}\/\d{2}\/\d{4})/i.exec(line)
    if (declared) {
      const from = parseDate(declared[1] ?? '', 'DD/MM/YYYY')
      const to = parseDate(declared[2] ?? '', 'DD/MM/YYYY')
      if (from && to) period = { from, to }
    }
    if (has('data', 'valor', 'identificador', 'descricao')) {
      return { format: 'nubank', headerLine: i, delimiter, header: cells, period: null }
    }
    if (has('date', 'title', 'amount')) {
      return { format: 'nubank', headerLine: i, delimiter, header: cells, period: null }
    }
    if (delimiter === ';' && has('data lancamento', 'valor')) {
      return { format: 'inter', headerLine: i, delimiter, header: cells, period }
    }
  }
  const first = lines.findIndex((l) => l.trim() !== '')
  if (first < 0) throw new UnreadableStatementError('O CSV não tem linhas.')
  const delimiter = delimiterOf(lines[first] ?? '')
  const header = cellsOf(lines[first] ?? '', delimiter)
  if (header.length < 2) {
    throw new UnreadableStatementError('Não reconhecemos este arquivo como um extrato OFX ou CSV.')
  }
  return { format: 'csv', headerLine: first, delimiter, header, period: null }
}

/** The header of another bank's CSV, as written (for the web's column mapping). */
export function csvHeader(text: string): string[] {
  const layout = detectCsv(text)
  const line = text.replace(/^\uFEFF/, '').split(/\r?\n/)[layout.headerLine] ?? ''
  return line.split(layout.delimiter).map((c) => c.replace(/^["'\s]+|["'\s]+$/g, ''))
}

type RowReader = (cells: string[], line: number) => StatementRow | null

function column(header: string[], name: string): number {
  const i = header.indexOf(headerKey(name))
  if (i < 0) throw new UnreadableStatementError(`O CSV não tem a coluna "${name}".`)
  return i
}

const bad = (line: number, what: string) =>
  new UnreadableStatementError(`Linha ${line} do CSV: ${what} ilegível.`)

function readerFor(layout: Layout, mapping: CsvMapping | null): RowReader {
  const h = layout.header
  if (layout.format === 'nubank' && h.includes('identificador')) {
    const [d, v, id, desc] = ['data', 'valor', 'identificador', 'descricao'].map((n) =>
      column(h, n),
    )
    return (cells, line) => {
      const date = parseDate(cells[d as number] ?? '', 'DD/MM/YYYY')
      const cents = parseSignedCents(cells[v as number] ?? '', 'dot')
      if (date === null) throw bad(line, 'data')
      if (cents === null) throw bad(line, 'valor')
      return toRow(date, cells[desc as number] ?? '', cents, cells[id as number] ?? null)
    }
  }
  if (layout.format === 'nubank') {
    // The card's CSV: purchases positive, payments and refunds negative.
    const [d, t, a] = ['date', 'title', 'amount'].map((n) => column(h, n))
    return (cells, line) => {
      const date = parseDate(cells[d as number] ?? '', 'YYYY-MM-DD')
      const cents = parseSignedCents(cells[a as number] ?? '', 'dot')
      if (date === null) throw bad(line, 'data')
      if (cents === null) throw bad(line, 'valor')
      return toRow(date, cells[t as number] ?? '', -cents, null)
    }
  }
  if (layout.format === 'inter') {
    const d = column(h, 'data lancamento')
    const v = column(h, 'valor')
    const hist = h.indexOf('historico')
    const desc = h.indexOf('descricao')
    return (cells, line) => {
      const date = parseDate(cells[d] ?? '', 'DD/MM/YYYY')
      const cents = parseSignedCents(cells[v] ?? '', 'comma')
      // Inter's closing lines ('Saldo do dia') have no date: not rows.
      if (date === null) return null
      if (cents === null) throw bad(line, 'valor')
      const parts = [hist >= 0 ? cells[hist] : '', desc >= 0 ? cells[desc] : '']
      const description = parts.filter((p) => p?.trim()).join(' - ')
      return toRow(date, description, cents, null)
    }
  }
  if (!mapping) throw new MappingRequiredError()
  const d = column(h, mapping.date)
  const desc = column(h, mapping.description)
  const amount = mapping.amount === undefined ? -1 : column(h, mapping.amount)
  const debit = mapping.debit === undefined ? -1 : column(h, mapping.debit)
  const credit = mapping.credit === undefined ? -1 : column(h, mapping.credit)
  const format = mapping.date_format as DateFormat
  return (cells, line) => {
    const date = parseDate(cells[d] ?? '', format)
    if (date === null) throw bad(line, 'data')
    let cents: number | null
    if (amount >= 0) cents = parseSignedCents(cells[amount] ?? '', mapping.decimal)
    else {
      const out = (cells[debit] ?? '').trim()
      const inn = (cells[credit] ?? '').trim()
      const outCents = out ? parseSignedCents(out, mapping.decimal) : 0
      const inCents = inn ? parseSignedCents(inn, mapping.decimal) : 0
      cents = outCents === null || inCents === null ? null : Math.abs(inCents) - Math.abs(outCents)
    }
    if (cents === null) throw bad(line, 'valor')
    return toRow(date, cells[desc] ?? '', cents, null)
  }
}

/**
 * A CSV statement, streamed through csv-parse from its header line on. Nubank (account and
 * card) and Inter are recognised by their header; any other needs `mapping` (MappingRequired).
 */
export async function parseCsv(text: string, mapping: CsvMapping | null): Promise<ParsedStatement> {
  const layout = detectCsv(text)
  const read = readerFor(layout, mapping)
  const parser = parse({
    delimiter: layout.delimiter,
    bom: true,
    from_line: layout.headerLine + 2,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    trim: true,
  })
  const rows: StatementRow[] = []
  const done = (async () => {
    let line = layout.headerLine + 1
    for await (const cells of parser as AsyncIterable<string[]>) {
      line++
      // Inter ends with summary lines ('Saldo', blank cells): a row without a date is not a row.
      if (cells.length < 2) continue
      const row = read(cells, line)
      if (row) rows.push(row)
    }
  })()
  const CHUNK = 256 * 1024
  for (let i = 0; i < text.length; i += CHUNK) parser.write(text.slice(i, i + CHUNK))
  parser.end()
  try {
    await done
  } catch (error) {
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('CSV_')) {
      throw new UnreadableStatementError('O CSV está malformado (aspas ou colunas quebradas).')
    }
    throw error
  }
  if (rows.length === 0) throw new UnreadableStatementError('O extrato não tem lançamentos.')
  return { format: layout.format, rows, period: layout.period, source: sourceOf(layout) }
}

function sourceOf(layout: Layout): ParsedStatement['source'] {
  if (layout.format === 'nubank')
    return { card: !layout.header.includes('identificador'), bank: 'nubank' }
  if (layout.format === 'inter') return { card: false, bank: 'inter' }
  return { card: null, bank: null }
}
