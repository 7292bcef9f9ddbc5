import {
  CATEGORY_LABELS,
  type Category,
  type EntryType,
  type IsoDate,
  UNLIMITED,
  formatBRL,
  formatDayMonth,
} from '@equilibrai/shared'
import type { NotEntryReason } from './types.ts'

/**
 * Replies for several entries at once (several items, installments), for questions about a
 * date still to come, and for messages that are not entries. Same voice as
 * replies.ts; merged into `replies` there.
 */

type EntryLike = {
  type: EntryType
  amount_cents: number
  description: string
  category: Category
  occurred_on: IsoDate
}

type Monthly = { monthly?: { used: number; max: number } }

function label(category: Category): string {
  return CATEGORY_LABELS[category] ?? category
}

function usage(options: Monthly): string[] {
  const m = options.monthly
  if (!m || m.max === UNLIMITED || m.max <= 0) return []
  return [`Você usou ${m.used} de ${m.max} ${m.max === 1 ? 'lançamento' : 'lançamentos'} do mês.`]
}

function line(e: EntryLike): string {
  const sign = e.type === 'income' ? '+' : ''
  return `${sign}${formatBRL(e.amount_cents)} · ${e.description} · ${label(e.category)} (${formatDayMonth(e.occurred_on)})`
}

const NOT_ENTRY_INTRO: Record<NotEntryReason, string> = {
  question: 'Isso parece uma pergunta, então não anotei nada.',
  plan: 'Isso parece um plano, ainda não um gasto, então não anotei nada.',
  arithmetic: 'Isso parece uma conta de cabeça, então não anotei nada.',
  statement: 'Isso parece um comentário sobre um valor, não um gasto, então não anotei nada.',
  news: 'Isso parece uma notícia ou uma oferta, não um gasto seu, então não anotei nada.',
  negation: 'Entendi que esse dinheiro não saiu (nem entrou), então não anotei nada.',
  not_money:
    'Esse número não parece dinheiro (idade, ano, número de cartão ou de casa), então não anotei nada.',
}

export const itemReplies = {
  /** Several items of one message, each its own entry. */
  entriesRecorded(entries: readonly EntryLike[], options: Monthly = {}): string {
    const lines = [`✅ Anotei ${entries.length} lançamentos:`]
    entries.forEach((e, i) => {
      lines.push(`${i + 1}. ${line(e)}`)
    })
    lines.push(...usage(options))
    lines.push(
      'Responda *desfazer* para apagar todos desta mensagem, ou *últimos* e *apagar N* para um só.',
    )
    return lines.join('\n')
  },

  /** Some items recorded, then the plan's monthly limit stopped the rest. */
  entriesPartlyRecorded(
    recorded: readonly EntryLike[],
    missed: number,
    limit: { max: number; upgradeUrl: string },
  ): string {
    const lines =
      recorded.length === 0
        ? []
        : [`✅ Anotei ${recorded.length} de ${recorded.length + missed}:`, ...recorded.map(line)]
    lines.push(
      `Você chegou ao limite de *${limit.max} lançamentos* do mês no plano gratuito; ${missed === 1 ? '1 item não foi registrado' : `${missed} itens não foram registrados`}.`,
      `Para lançar sem limite, assine um plano: ${limit.upgradeUrl}`,
    )
    return lines.join('\n')
  },

  installmentsRecorded(
    plan: {
      description: string
      count: number
      total_cents: number
      entries: readonly EntryLike[]
    },
    options: Monthly = {},
  ): string {
    const first = plan.entries[0]
    const last = plan.entries[plan.entries.length - 1]
    const lines = [
      `✅ Compra parcelada anotada: *${plan.description}*, ${formatBRL(plan.total_cents)} em ${plan.count}x.`,
    ]
    if (first && last) {
      lines.push(
        `1ª parcela: ${formatBRL(first.amount_cents)} em ${formatDayMonth(first.occurred_on)} (${label(first.category)}).`,
        `As outras ${plan.count - 1} no mesmo dia dos meses seguintes, até ${formatDayMonth(last.occurred_on)}/${last.occurred_on.slice(0, 4)}; cada uma conta no seu mês.`,
      )
    }
    lines.push(...usage(options))
    lines.push(
      'Responda *desfazer* para apagar a compra toda, ou *cancelar parcelas* para apagar só as que ainda não venceram.',
    )
    return lines.join('\n')
  },

  /** 'cancelar parcelas': the future installments removed. */
  installmentsCancelled(removed: readonly EntryLike[], description: string): string {
    const total = removed.reduce((sum, e) => sum + e.amount_cents, 0)
    return `🗑️ Cancelei ${removed.length} ${removed.length === 1 ? 'parcela futura' : 'parcelas futuras'} de *${description}* (${formatBRL(total)}). As que já venceram continuam anotadas.`
  },

  noInstallmentsToCancel(): string {
    return 'Não encontrei parcelas futuras para cancelar. Mande *últimos* para ver seus lançamentos.'
  },

  /** 'desfazer' after a message with several entries. */
  undoneMany(entries: readonly EntryLike[]): string {
    if (entries.length === 1 && entries[0]) return `↩️ Desfeito. Apaguei: ${line(entries[0])}.`
    return [
      `↩️ Desfeito. Apaguei ${entries.length} lançamentos da última mensagem:`,
      ...entries.map(line),
    ].join('\n')
  },

  /** An entry dated after the message: nothing recorded; 'sim' records it today. */
  confirmDate(entry: EntryLike, said_on?: IsoDate): string {
    const when = said_on
      ? `*${formatDayMonth(said_on)}* ainda não chegou`
      : 'Essa data ainda não chegou'
    return [
      `📅 ${when}, então não anotei *${formatBRL(entry.amount_cents)}* (${entry.description}).`,
      'Foi hoje? Responda *sim* para anotar com a data de hoje.',
      'Para agendar, diga *conta … vence dia …*, por exemplo: *conta de luz 180 vence dia 10*.',
    ].join('\n')
  },

  notEntry(reason: NotEntryReason): string {
    return [
      NOT_ENTRY_INTRO[reason],
      'Para anotar um gasto, mande por exemplo *mercado 45,90*. Para consultar: *saldo*, *resumo* ou *quanto gastei com mercado*.',
    ].join('\n')
  },
} as const
