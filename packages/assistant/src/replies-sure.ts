import {
  CATEGORY_LABELS,
  type Category,
  type EntryType,
  type IsoDate,
  formatBRL,
  formatDayMonth,
} from '@equilibrai/shared'

/**
 * Replies of issue 24: the question when the assistant is unsure of an entry, a summary over a
 * week, and 'desfazer' saying exactly what it undid (or asking first). Same voice as
 * replies.ts; merged into `replies` there.
 */

type EntryLike = {
  type: EntryType
  amount_cents: number
  description: string
  category: Category
  occurred_on: IsoDate
}

function label(category: Category): string {
  return CATEGORY_LABELS[category] ?? category
}

function line(e: EntryLike): string {
  const sign = e.type === 'income' ? '+' : ''
  return `${sign}${formatBRL(e.amount_cents)} · ${e.description} · ${label(e.category)} (${formatDayMonth(e.occurred_on)})`
}

type CategoryTotal = { type: EntryType; category: Category; total_cents: number; count: number }

export type PeriodSummaryView = {
  from: IsoDate
  to: IsoDate
  income_cents: number
  expense_cents: number
  by_category: readonly CategoryTotal[]
}

/** How long ago, in words: 'agora há pouco', 'há 12 minutos', 'há 3 horas', 'em 15/11'. */
export function agoText(recordedAt: Date, now: Date, day: IsoDate): string {
  const minutes = Math.floor((now.getTime() - recordedAt.getTime()) / 60_000)
  if (minutes < 1) return 'agora há pouco'
  if (minutes < 60) return `há ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `há ${hours} ${hours === 1 ? 'hora' : 'horas'}`
  return `em ${formatDayMonth(day)}`
}

export const sureReplies = {
  /** Unsure of an entry: nothing recorded; the Sim/Não buttons answer. */
  confirmEntry(entry: EntryLike): string {
    const what = entry.type === 'income' ? 'a entrada de' : ''
    return [
      `Registrar ${what ? `${what} ` : ''}*${formatBRL(entry.amount_cents)}* em *${label(entry.category)}*?`,
      `${entry.description} · ${formatDayMonth(entry.occurred_on)}`,
      'Não anotei nada ainda: responda *Sim* para registrar ou *Não* para deixar de fora.',
    ].join('\n')
  },

  /** 'quanto gastei semana passada': a summary of the days from..to. */
  periodSummary(view: PeriodSummaryView, category?: Category): string {
    const span = `de ${formatDayMonth(view.from)} a ${formatDayMonth(view.to)}`
    if (category !== undefined) {
      const rows = view.by_category.filter((row) => row.category === category)
      const total = rows.reduce((sum, row) => sum + row.total_cents, 0)
      const count = rows.reduce((sum, row) => sum + row.count, 0)
      if (count === 0) return `Nenhum lançamento em *${label(category)}* ${span}.`
      return `📊 *${label(category)}* ${span}: *${formatBRL(total)}* em ${count} ${count === 1 ? 'lançamento' : 'lançamentos'}.`
    }
    if (view.by_category.length === 0) return `Nenhum lançamento ${span}.`
    const lines = [
      `📊 *Resumo ${span}*`,
      `Entradas: ${formatBRL(view.income_cents)}`,
      `Saídas: ${formatBRL(view.expense_cents)}`,
      `Saldo: *${formatBRL(view.income_cents - view.expense_cents)}*`,
    ]
    const expenses = view.by_category.filter((row) => row.type === 'expense')
    if (expenses.length > 0) {
      lines.push('', '*Gastos por categoria*')
      for (const row of expenses.slice(0, 8))
        lines.push(`• ${label(row.category)}: ${formatBRL(row.total_cents)}`)
    }
    return lines.join('\n')
  },

  /**
   * 'desfazer' on several entries (the items of one message, a purchase in installments) or on
   * one recorded a while ago: nothing is undone until 'Sim'.
   */
  confirmUndo(entries: readonly EntryLike[], ago: string): string {
    const head =
      entries.length === 1
        ? `Desfazer o último lançamento, registrado ${ago}?`
        : `Desfazer os ${entries.length} lançamentos da última mensagem, registrados ${ago}?`
    const shown = entries.slice(0, 6).map((e) => `• ${line(e)}`)
    if (entries.length > shown.length) shown.push(`• … e mais ${entries.length - shown.length}`)
    return [head, ...shown, 'Responda *Sim* para apagar ou *Não* para manter.'].join('\n')
  },

  undoKept(): string {
    return 'Certo, não apaguei nada.'
  },
} as const
