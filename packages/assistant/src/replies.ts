import {
  CATEGORY_LABELS,
  type Category,
  type EntryType,
  type IsoDate,
  UNLIMITED,
  formatBRL,
  customCategoryLabel,
  formatDayMonth,
  monthLabel,
} from '@equilibrai/shared'
import { itemReplies } from './replies-items.ts'
import { sureReplies } from './replies-sure.ts'

/**
 * The assistant's replies: short pt-BR WhatsApp text from results the server computed. Money
 * is always formatBRL, dates dd/mm; *bold* uses WhatsApp asterisks; emojis stay few.
 */

export type EntryView = {
  type: EntryType
  amount_cents: number
  description: string
  category: Category
  occurred_on: IsoDate
  /** A category of one's own (ADR 026): shown instead of the default it sits under. */
  custom_category?: { name: string; emoji: string | null } | null
}

/** The category an entry shows: its own one when it has one ('🐶 Cachorro'). */
function entryLabel(entry: EntryView): string {
  return entry.custom_category ? customCategoryLabel(entry.custom_category) : label(entry.category)
}

export type BillView = {
  description: string
  amount_cents: number | null
  due_on: IsoDate
  category: Category
}

export type CategoryTotal = {
  category: Category
  type: EntryType
  total_cents: number
  count: number
}

export type SummaryView = {
  month: string
  income_cents: number
  expense_cents: number
  by_category: readonly CategoryTotal[]
}

export type BalanceView = {
  income_cents: number
  expense_cents: number
  balance_cents: number
  month: string
}

export type NonTextKind =
  | 'audio'
  | 'image'
  | 'document'
  | 'sticker'
  | 'location'
  | 'reaction'
  | 'video'
  | 'other'

const EXAMPLES = '• *gastei 45,90 no mercado*\n• *recebi 3.000 de salário*'
const COMMANDS = '*saldo*, *resumo*, *últimos* ou *desfazer*'

function label(category: Category): string {
  return CATEGORY_LABELS[category] ?? category
}

function kindWord(type: EntryType): string {
  return type === 'income' ? 'Receita' : 'Gasto'
}

/** '2026-11' → 'novembro de 2026' (packages/shared, one label for the web and the assistant). */
export { monthLabel }

/** '-R$ 45,90' for an expense, '+R$ 3.000,00' for an income: how lists show direction. */
function signed(type: EntryType, cents: number): string {
  return type === 'income' ? `+${formatBRL(cents)}` : formatBRL(-cents)
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}

function entryLine(entry: EntryView): string {
  return `${entry.description} · ${formatBRL(entry.amount_cents)} (${formatDayMonth(entry.occurred_on)})`
}

export const replies = {
  entryRecorded(
    entry: EntryView,
    options: { monthly?: { used: number; max: number } } = {},
  ): string {
    const lines = [
      // 'Receita … anotada', 'Gasto … anotado': the participle agrees with the noun.
      `✅ ${kindWord(entry.type)} de *${formatBRL(entry.amount_cents)}* ${entry.type === 'income' ? 'anotada' : 'anotado'}!`,
      `📝 ${entry.description} · ${entryLabel(entry)}`,
      `📅 ${formatDayMonth(entry.occurred_on)}`,
    ]
    const monthly = options.monthly
    if (monthly && monthly.max !== UNLIMITED && monthly.max > 0) {
      lines.push(
        `Você usou ${monthly.used} de ${plural(monthly.max, 'lançamento', 'lançamentos')} do mês.`,
      )
    }
    lines.push('Responda *desfazer* para apagar.')
    return lines.join('\n')
  },

  confirmLarge(entry: EntryView): string {
    return [
      `😮 *${formatBRL(entry.amount_cents)}* é um valor bem alto.`,
      `${kindWord(entry.type)}: ${entry.description} · ${label(entry.category)} · ${formatDayMonth(entry.occurred_on)}`,
      'Confirma? Responda *sim* para registrar ou *não* para cancelar.',
    ].join('\n')
  },

  needsAmount(draft: { type: EntryType; description: string; category: Category }): string {
    const example =
      draft.type === 'income' ? `recebi 100 de ${draft.description}` : `${draft.description} 45,90`
    return `Faltou o valor 🙂 Me mande de novo com ele, por exemplo: *${example}*`
  },

  balance(view: BalanceView): string {
    return [
      `💰 *Saldo de ${monthLabel(view.month)}*`,
      `Entradas: ${formatBRL(view.income_cents)}`,
      `Saídas: ${formatBRL(view.expense_cents)}`,
      `Saldo: *${formatBRL(view.balance_cents)}*`,
    ].join('\n')
  },

  summary(view: SummaryView, category?: Category): string {
    const month = monthLabel(view.month)
    if (category !== undefined) {
      const rows = view.by_category.filter((row) => row.category === category)
      const total = rows.reduce((sum, row) => sum + row.total_cents, 0)
      const count = rows.reduce((sum, row) => sum + row.count, 0)
      if (count === 0) return `Nenhum lançamento em *${label(category)}* em ${month}.`
      return `📊 *${label(category)}* em ${month}: *${formatBRL(total)}* em ${plural(count, 'lançamento', 'lançamentos')}.`
    }
    if (view.by_category.length === 0 && view.income_cents === 0 && view.expense_cents === 0) {
      return `Ainda não há lançamentos em ${month}. Para anotar, mande por exemplo *gastei 45,90 no mercado*.`
    }
    const lines = [
      `📊 *Resumo de ${month}*`,
      `Entradas: ${formatBRL(view.income_cents)}`,
      `Saídas: ${formatBRL(view.expense_cents)}`,
      `Saldo: *${formatBRL(view.income_cents - view.expense_cents)}*`,
    ]
    for (const type of ['expense', 'income'] as const) {
      const rows = view.by_category
        .filter((row) => row.type === type)
        .sort((a, b) => b.total_cents - a.total_cents)
      if (rows.length === 0) continue
      lines.push('', type === 'expense' ? '*Gastos por categoria*' : '*Entradas por categoria*')
      for (const row of rows.slice(0, 8))
        lines.push(`• ${label(row.category)}: ${formatBRL(row.total_cents)}`)
      if (rows.length > 8) lines.push(`• e mais ${rows.length - 8}`)
    }
    return lines.join('\n')
  },

  recent(entries: readonly EntryView[]): string {
    if (entries.length === 0) {
      return `Você ainda não tem lançamentos. Para anotar, mande por exemplo:\n${EXAMPLES}`
    }
    const lines = ['🧾 *Últimos lançamentos*']
    entries.forEach((entry, i) => {
      lines.push(
        `${i + 1}. ${formatDayMonth(entry.occurred_on)} · ${entry.description} · ${signed(entry.type, entry.amount_cents)} (${label(entry.category)})`,
      )
    })
    lines.push(`Para apagar um, responda *apagar ${Math.min(2, entries.length)}*.`)
    return lines.join('\n')
  },

  undone(entry: EntryView): string {
    return `↩️ Desfeito. Apaguei: ${kindWord(entry.type).toLowerCase()} · ${entryLine(entry)}.`
  },

  nothingToUndo(): string {
    return 'Não há lançamento para desfazer.'
  },

  deleted(entry: EntryView): string {
    return `🗑️ Apaguei: ${kindWord(entry.type).toLowerCase()} · ${entryLine(entry)}.`
  },

  notFound(index: number): string {
    return `Não encontrei o lançamento *${index}*. Mande *últimos* para ver a lista numerada.`
  },

  corrected(entry: EntryView): string {
    return `✏️ Corrigido: *${entry.description}* agora é *${formatBRL(entry.amount_cents)}* (${formatDayMonth(entry.occurred_on)}).`
  },

  categoryChanged(entry: EntryView): string {
    return `🏷️ Pronto: *${entry.description}* agora está em *${entryLabel(entry)}*. Vou lembrar disso nas próximas vezes.`
  },

  billRecorded(bill: BillView): string {
    const amount = bill.amount_cents === null ? '' : ` de *${formatBRL(bill.amount_cents)}*`
    return `🔔 Lembrete anotado: *${bill.description}*${amount}, vence em *${formatDayMonth(bill.due_on)}* (${label(bill.category)}).`
  },

  help(): string {
    return [
      'Oi! Eu anoto suas finanças por aqui 💚 É só me mandar, do seu jeito:',
      EXAMPLES,
      '• *uber 23,50 ontem*',
      '• *conta de luz 180 vence dia 10*',
      `Para consultar: ${COMMANDS}.`,
    ].join('\n')
  },

  notUnderstood(): string {
    return [
      `Não entendi 🤔 Tente assim:`,
      EXAMPLES,
      `Ou mande ${COMMANDS}. Para ver tudo, mande *ajuda*.`,
    ].join('\n')
  },

  limitReached(limit: { max: number; upgradeUrl: string }): string {
    return [
      `Você chegou ao limite de *${plural(limit.max, 'lançamento', 'lançamentos')}* do mês no plano gratuito, então este não foi registrado.`,
      `Para lançar sem limite, assine um plano: ${limit.upgradeUrl}`,
    ].join('\n')
  },

  nonText(kind: NonTextKind): string {
    const what: Record<NonTextKind, string> = {
      audio: 'Ainda não consigo ouvir áudios 🎧',
      image: 'Ainda não consigo ler imagens 📷',
      document: 'Ainda não consigo ler documentos 📄',
      sticker: 'Adorei a figurinha 😄, mas só entendo texto',
      location: 'Recebi sua localização, mas só entendo texto',
      reaction: 'Recebi sua reação 🙂, mas só entendo texto',
      video: 'Ainda não consigo ver vídeos 🎬',
      other: 'Ainda não entendo esse tipo de mensagem',
    }
    return `${what[kind] ?? what.other}. Me mande por escrito, por exemplo: *gastei 45,90 no mercado*.`
  },

  unknownSender(signupUrl: string): string {
    return [
      'Oi! Este número ainda não está ligado a uma conta do Equilibraí.',
      `Crie sua conta em ${signupUrl} e vincule seu WhatsApp pelo painel para começar.`,
    ].join('\n')
  },

  confirmCancelled(): string {
    return 'Tudo bem, cancelei. Nada foi registrado.'
  },

  nothingToConfirm(): string {
    return 'Não há nada esperando confirmação. Para anotar, mande por exemplo *gastei 45,90 no mercado*.'
  },

  ...itemReplies,
  ...sureReplies,
} as const
