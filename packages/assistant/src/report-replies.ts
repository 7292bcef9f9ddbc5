import { CATEGORY_LABELS, type Category, type EntryType, formatBRL } from '@equilibrai/shared'

/*
 * Reports as WhatsApp text ('relatório', 'relatório da semana', the scheduled weekly and
 * monthly reports): pure, from figures the server computed. Short: the totals, the top
 * expense categories with their share, and the change from the period before.
 */

export type ReportTotalsView = { income_cents: number; expense_cents: number }

export type PeriodReportView = ReportTotalsView & {
  /** What the report covers, as said after 'Relatório de' / 'Resumo da': 'novembro de 2026'. */
  title: string
  /** 'a outubro', 'à semana anterior': how the comparison names the period before. */
  previousLabel: string
  previous: ReportTotalsView
  categories: ReadonlyArray<{ category: Category; type: EntryType; total_cents: number }>
  entries: number
}

/** How many expense categories a report lists. */
export const REPORT_TOP_CATEGORIES = 3

/** '12%' of a whole (no decimals: a chat message). */
function share(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part * 100) / whole)}%` : '0%'
}

/** 'R$ 120,00 a mais (+15%)', 'R$ 30,00 a menos (−5%)', 'o mesmo valor'. */
export function changeText(current: number, previous: number): string {
  const diff = current - previous
  if (diff === 0) return 'o mesmo valor'
  const direction = diff > 0 ? 'a mais' : 'a menos'
  const pct =
    previous > 0
      ? ` (${diff > 0 ? '+' : '−'}${Math.round((Math.abs(diff) * 100) / previous)}%)`
      : ''
  return `${formatBRL(Math.abs(diff))} ${direction}${pct}`
}

export const reportReplies = {
  /** The report of a month or a week. */
  periodReport(view: PeriodReportView, options: { heading?: string } = {}): string {
    const heading = options.heading ?? `📊 *Relatório de ${view.title}*`
    if (view.entries === 0) {
      return `${heading}\nNenhum lançamento nesse período. Para anotar, mande por exemplo *gastei 45,90 no mercado*.`
    }
    const balance = view.income_cents - view.expense_cents
    const lines = [
      heading,
      `Entradas: ${formatBRL(view.income_cents)}`,
      `Saídas: ${formatBRL(view.expense_cents)}`,
      `Saldo: *${formatBRL(balance)}*`,
    ]
    const expenses = view.categories
      .filter((c) => c.type === 'expense' && c.total_cents > 0)
      .sort((a, b) => b.total_cents - a.total_cents)
    if (expenses.length > 0) {
      lines.push('', '*Onde foi o dinheiro*')
      expenses.slice(0, REPORT_TOP_CATEGORIES).forEach((c, i) => {
        lines.push(
          `${i + 1}. ${CATEGORY_LABELS[c.category] ?? c.category}: ${formatBRL(c.total_cents)} (${share(c.total_cents, view.expense_cents)})`,
        )
      })
    }
    const before = view.previous
    if (before.expense_cents > 0 || before.income_cents > 0) {
      lines.push(
        '',
        `Comparado ${view.previousLabel}: gastos ${changeText(view.expense_cents, before.expense_cents)}, entradas ${changeText(view.income_cents, before.income_cents)}.`,
      )
    }
    return lines.join('\n')
  },

  /** The caption of the statement sent as a document. */
  statementCaption(monthTitle: string): string {
    return `📄 Seu extrato de ${monthTitle}.`
  },
} as const
