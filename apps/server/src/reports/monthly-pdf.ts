import { fileURLToPath } from 'node:url'
import {
  CATEGORY_LABELS,
  type EntryType,
  formatBRL,
  formatDatePtBR,
  type MonthlyReport,
  type Transaction,
} from '@equilibrai/shared'
import { monthLabel } from '@equilibrai/assistant'
import PDFDocument from 'pdfkit'

/*
 * The monthly statement as a PDF (exportação_pdf): A4, pt-BR, text-searchable. DejaVu Sans is
 * embedded (assets/fonts) so accents and whatever people typed survive `pdftotext`; PDFKit's
 * standard fonts only cover WinAnsi. Built in memory: 2,000 entries take a fraction of a
 * second (apps/server/bench/reports.bench.ts).
 */

const FONT_REGULAR = fileURLToPath(new URL('../../assets/fonts/DejaVuSans.ttf', import.meta.url))
const FONT_BOLD = fileURLToPath(new URL('../../assets/fonts/DejaVuSans-Bold.ttf', import.meta.url))

/** Entries listed at most; a larger month says how many more and points to the CSV. */
export const PDF_MAX_ENTRIES = 5_000

export type StatementInput = {
  /** The person's name, for the header. */
  name: string
  report: MonthlyReport
  /** The month's entries in date order, at most PDF_MAX_ENTRIES. */
  entries: readonly Transaction[]
  /** How many entries the month has in all. */
  entryCount: number
  generatedAt: Date
}

const MARGIN = 48
const PAGE_WIDTH = 595.28 // A4 in points
const PAGE_HEIGHT = 841.89
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN
const BOTTOM = PAGE_HEIGHT - MARGIN - 16 // room for the page number
const GREEN = '#0f766e'
const GREY = '#555555'

/** clip: text people typed, cut to the column with an ellipsis (our own figures always fit). */
type Column = { title: string; width: number; align?: 'left' | 'right'; clip?: boolean }

const typeLabel = (type: EntryType) => (type === 'income' ? 'Receita' : 'Despesa')

/** '12,5%' (one decimal, pt-BR, no space: docs/glossary.md). */
export function formatShare(part: number, whole: number): string {
  if (whole <= 0) return '0%'
  const pct = (part * 100) / whole
  return `${pct.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`
}

/** 'YYYY-MM-DD' → 'dd/mm/aaaa'. */
export function formatIsoDate(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`
}

function change(current: number, previous: number): string {
  const diff = current - previous
  if (previous === 0 && current === 0) return '—'
  const sign = diff > 0 ? '+' : diff < 0 ? '−' : ''
  return `${sign}${formatBRL(Math.abs(diff))}`
}

export function renderMonthlyPdf(input: StatementInput): Promise<Buffer> {
  const { report } = input
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: 'pt-BR',
    info: {
      Title: `Extrato de ${monthLabel(report.month)} — Equilibraí`,
      Author: 'Equilibraí',
      Subject: `Extrato mensal de ${input.name}`,
    },
  })
  doc.registerFont('regular', FONT_REGULAR)
  doc.registerFont('bold', FONT_BOLD)
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  // Header.
  doc.font('bold').fontSize(18).fillColor(GREEN).text('Equilibraí', MARGIN, MARGIN)
  doc
    .font('bold')
    .fontSize(14)
    .fillColor('black')
    .text(`Extrato de ${monthLabel(report.month)}`)
  doc.font('regular').fontSize(10).fillColor(GREY)
  doc.text(`${input.name} · gerado em ${formatDatePtBR(input.generatedAt)}`)
  doc.moveDown(1)

  // Totals, with the month before.
  section(doc, 'Resumo do mês')
  table(
    doc,
    [
      { title: '', width: 150 },
      { title: 'Este mês', width: 115, align: 'right' },
      { title: 'Mês anterior', width: 115, align: 'right' },
      { title: 'Variação', width: CONTENT_WIDTH - 380, align: 'right' },
    ],
    [
      ['Receitas', report.income_cents, report.previous.income_cents],
      ['Despesas', report.expense_cents, report.previous.expense_cents],
      ['Saldo', report.balance_cents, report.previous.balance_cents],
    ].map(([label, now, before]) => [
      String(label),
      formatBRL(Number(now)),
      formatBRL(Number(before)),
      change(Number(now), Number(before)),
    ]),
  )
  doc.moveDown(1)

  // Categories with their share of the month's income or expenses.
  section(doc, 'Por categoria')
  if (report.by_category.length === 0) {
    doc.font('regular').fontSize(10).fillColor('black').text('Nenhum lançamento neste mês.')
  } else {
    table(
      doc,
      [
        { title: 'Categoria', width: 150 },
        { title: 'Tipo', width: 70 },
        { title: 'Lançamentos', width: 80, align: 'right' },
        { title: 'Total', width: 110, align: 'right' },
        { title: 'Participação', width: CONTENT_WIDTH - 410, align: 'right' },
      ],
      report.by_category.map((row) => [
        CATEGORY_LABELS[row.category] ?? row.category,
        typeLabel(row.type),
        String(row.count),
        formatBRL(row.total_cents),
        formatShare(
          row.total_cents,
          row.type === 'income' ? report.income_cents : report.expense_cents,
        ),
      ]),
    )
  }
  doc.moveDown(1)

  // Every entry, across as many pages as it takes (the header row repeats on each).
  section(doc, 'Lançamentos')
  if (input.entries.length > 0) {
    table(
      doc,
      [
        { title: 'Data', width: 68 },
        { title: 'Descrição', width: 190, clip: true },
        { title: 'Categoria', width: 110 },
        { title: 'Tipo', width: 60 },
        { title: 'Valor', width: CONTENT_WIDTH - 428, align: 'right' },
      ],
      input.entries.map((e) => [
        formatIsoDate(e.occurred_on),
        e.description,
        CATEGORY_LABELS[e.category] ?? e.category,
        typeLabel(e.type),
        formatBRL(e.type === 'income' ? e.amount_cents : -e.amount_cents),
      ]),
    )
  }
  const missing = input.entryCount - input.entries.length
  doc.font('regular').fontSize(9).fillColor(GREY)
  if (missing > 0) {
    doc.moveDown(0.5)
    doc.text(
      `… e mais ${missing.toLocaleString('pt-BR')} lançamentos. Baixe o CSV do mês para ver todos.`,
      MARGIN,
    )
  } else if (input.entries.length === 0) {
    doc.fillColor('black').fontSize(10).text('Nenhum lançamento neste mês.', MARGIN)
  }

  // Page numbers.
  const range = doc.bufferedPageRange()
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i)
    // The footer sits in the bottom margin: without this PDFKit would start a new page for it.
    doc.page.margins.bottom = 0
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(GREY)
      .text(
        `Equilibraí · ${monthLabel(report.month)} · página ${i + 1} de ${range.count}`,
        MARGIN,
        PAGE_HEIGHT - MARGIN,
        {
          width: CONTENT_WIDTH,
          align: 'center',
          lineBreak: false,
        },
      )
  }
  doc.end()
  return done
}

function section(doc: PDFKit.PDFDocument, title: string) {
  if (doc.y > BOTTOM - 60) doc.addPage()
  doc.font('bold').fontSize(12).fillColor(GREEN).text(title, MARGIN)
  doc.moveDown(0.3)
}

const ROW_PADDING = 3

/** A simple table: one line per cell (long text is cut with an ellipsis), paged. */
function table(doc: PDFKit.PDFDocument, columns: Column[], rows: string[][]) {
  const fontSize = 9
  const rowHeight = fontSize + 2 * ROW_PADDING + 2
  const drawRow = (cells: string[], bold: boolean) => {
    let x = MARGIN
    const y = doc.y
    doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(fontSize)
      .fillColor('black')
    cells.forEach((cell, i) => {
      const col = columns[i] as Column
      const text = col.clip ? fit(doc, cell, col.width - 6) : cell
      // Placed by hand rather than with `width` + `align`: without a width PDFKit skips its
      // line wrapper, which is most of the cost of a long statement.
      const left = col.align === 'right' ? x + col.width - 3 - doc.widthOfString(text) : x + 3
      doc.text(text, left, y + ROW_PADDING, { lineBreak: false })
      x += col.width
    })
    doc.y = y + rowHeight
    doc
      .moveTo(MARGIN, doc.y - 1)
      .lineTo(MARGIN + CONTENT_WIDTH, doc.y - 1)
      .lineWidth(bold ? 0.8 : 0.3)
      .strokeColor(bold ? '#333333' : '#cccccc')
      .stroke()
  }
  const header = columns.map((c) => c.title)
  drawRow(header, true)
  for (const row of rows) {
    if (doc.y + rowHeight > BOTTOM) {
      doc.addPage()
      doc.y = MARGIN
      drawRow(header, true)
    }
    drawRow(row, false)
  }
  doc.x = MARGIN
}

/** The text cut to `width` points with an ellipsis (table cells stay on one line). */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  const clean = text.replace(/\s+/g, ' ')
  if (doc.widthOfString(clean) <= width) return clean
  const chars = Array.from(clean)
  let lo = 0
  let hi = chars.length
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (doc.widthOfString(`${chars.slice(0, mid).join('')}…`) <= width) lo = mid
    else hi = mid - 1
  }
  return `${chars.slice(0, lo).join('')}…`
}
