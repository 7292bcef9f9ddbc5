import {
  CATEGORY_LABELS,
  type Category,
  type EntryType,
  type IsoDate,
  formatBRL,
  formatDayMonth,
} from '@equilibrai/shared'
import { monthLabel } from './replies.ts'

/** Replies for bills, recurring entries, budgets and alert settings (bills-recurring-budgets.ts). */

export type BillLine = {
  description: string
  amount_cents: number | null
  due_on: IsoDate
  paid_on: IsoDate | null
}
export type RecurringLine = {
  type: EntryType
  amount_cents: number
  description: string
  day_of_month: number
  next_on: IsoDate
}
export type BudgetLine = {
  category: Category
  limit_cents: number
  spent_cents: number
  percent: number
}

const clean = (s: string) => s.replace(/\*/g, '').trim()
const label = (c: Category) => CATEGORY_LABELS[c] ?? c
const money = (cents: number | null) => (cents === null ? '' : ` ${formatBRL(cents)}`)

function when(due: IsoDate, today: IsoDate): string {
  if (due < today) return `venceu ${formatDayMonth(due)} ⚠️`
  if (due === today) return 'vence *hoje*'
  return `vence ${formatDayMonth(due)}`
}

/** '▓▓▓▓▓▓▓░░░ 70%': ten cells, full past 100 %. */
export function bar(percent: number): string {
  const full = Math.max(0, Math.min(10, Math.floor(percent / 10)))
  return `${'▓'.repeat(full)}${'░'.repeat(10 - full)} ${percent}%`
}

export const planningReplies = {
  /** `days`: how far ahead the list looks (30 for 'contas', 7 for 'o que vence essa semana'). */
  bills(bills: readonly BillLine[], today: IsoDate, days = 30): string {
    const span = days === 7 ? 'nesta semana (próximos 7 dias)' : `nos próximos ${days} dias`
    if (bills.length === 0) {
      return `Nenhuma conta a pagar ${span}. 🎉\nPara anotar uma: *conta de luz 180 vence dia 10* ou *internet 99,90 todo dia 15*.`
    }
    const total = bills.reduce((sum, b) => sum + (b.amount_cents ?? 0), 0)
    return [
      days === 7
        ? '🧾 *Contas que vencem nesta semana*'
        : `🧾 *Contas a pagar (próximos ${days} dias)*`,
      ...bills.map(
        (b) => `• ${clean(b.description)}${money(b.amount_cents)} — ${when(b.due_on, today)}`,
      ),
      `Total: *${formatBRL(total)}*`,
      'Pagou? Mande *paguei a <conta>* (ex.: *paguei a luz*).',
    ].join('\n')
  },

  monthlyBillRecorded(bill: {
    description: string
    amount_cents: number | null
    due_on: IsoDate
  }): string {
    const amount = bill.amount_cents === null ? '' : ` de *${formatBRL(bill.amount_cents)}*`
    return `🔔 Conta mensal anotada: *${clean(bill.description)}*${amount}, todo mês; a próxima vence em *${formatDayMonth(bill.due_on)}*. Eu te lembro na véspera e no dia.`
  },

  billPaid(p: {
    description: string
    amount_cents: number | null
    recorded: boolean
    next_due_on: IsoDate | null
    limitText?: string
  }): string {
    const lines = [`✅ *${clean(p.description)}* marcada como paga.`]
    if (p.recorded && p.amount_cents !== null) {
      lines.push(`Gasto de ${formatBRL(p.amount_cents)} registrado.`)
    } else if (p.limitText) {
      lines.push(p.limitText)
    } else if (p.amount_cents === null) {
      lines.push(`Para registrar o gasto, mande o valor: *${clean(p.description)} 150*.`)
    }
    if (p.next_due_on) lines.push(`Próxima: ${formatDayMonth(p.next_due_on)}.`)
    return lines.join('\n')
  },

  noBillNamed(name: string, open: readonly BillLine[]): string {
    if (open.length === 0)
      return `Não encontrei conta em aberto com "${clean(name)}". Mande *contas* para ver as suas.`
    const names = open.slice(0, 5).map((b) => `*${clean(b.description)}*`)
    return `Não encontrei conta em aberto com "${clean(name)}". Em aberto: ${names.join(', ')}.`
  },

  recurringAdded(r: RecurringLine): string {
    const verb = r.type === 'income' ? 'Receita fixa anotada' : 'Gasto fixo anotado'
    return `🔁 ${verb}: *${clean(r.description)}* ${formatBRL(r.amount_cents)} todo dia ${r.day_of_month}. O próximo entra sozinho em *${formatDayMonth(r.next_on)}*.\nPara ver ou cancelar: *recorrentes*.`
  },

  recurringList(list: readonly RecurringLine[]): string {
    if (list.length === 0) {
      return 'Você não tem lançamentos recorrentes.\nPara criar: *salário 4.500 todo dia 5* ou *aluguel 1.500 todo mês dia 10*.'
    }
    return [
      '🔁 *Lançamentos recorrentes*',
      ...list.map(
        (r, i) =>
          `${i + 1}. ${clean(r.description)} ${r.type === 'income' ? '+' : '-'}${formatBRL(r.amount_cents)} — todo dia ${r.day_of_month} (próximo ${formatDayMonth(r.next_on)})`,
      ),
      'Para cancelar: *cancelar recorrente 1*.',
    ].join('\n')
  },

  recurringCancelled(r: { description: string }): string {
    return `🛑 Recorrente *${clean(r.description)}* cancelado. Os lançamentos já feitos continuam.`
  },

  recurringNotFound(index: number): string {
    return `Não achei o recorrente ${index}. Mande *recorrentes* para ver a lista.`
  },

  recurringRefused(
    r: { description: string; amount_cents: number; occurs_on: IsoDate },
    limitText: string,
  ): string {
    return `⚠️ Não registrei *${clean(r.description)}* ${formatBRL(r.amount_cents)} de ${formatDayMonth(r.occurs_on)}: ${limitText}`
  },

  budgetSet(
    b: { category: Category; limit_cents: number; spent_cents: number; percent: number },
    month: string,
  ): string {
    return `🎯 Orçamento de *${label(b.category)}*: ${formatBRL(b.limit_cents)} por mês (a partir de ${monthLabel(month)}).\nGasto até agora: ${formatBRL(b.spent_cents)}\n${bar(b.percent)}\nEu aviso quando passar de 80% e de 100%.`
  },

  budgetRemoved(category: Category): string {
    return `Orçamento de *${label(category)}* removido a partir deste mês.`
  },

  budgets(list: readonly BudgetLine[], month: string): string {
    if (list.length === 0) {
      return 'Você ainda não tem orçamentos.\nPara criar: *orçamento mercado 800*.'
    }
    return [
      `🎯 *Orçamentos de ${monthLabel(month)}*`,
      ...list.map(
        (b) =>
          `*${label(b.category)}*: ${formatBRL(b.spent_cents)} de ${formatBRL(b.limit_cents)}\n${bar(b.percent)}${b.percent >= 100 ? ' 🚨' : b.percent >= 80 ? ' ⚠️' : ''}`,
      ),
    ].join('\n')
  },

  alertsChanged(on: boolean, scope: 'alerts' | 'reminders'): string {
    if (scope === 'reminders') {
      return on
        ? '🔔 Lembretes de contas ligados.'
        : '🔕 Lembretes de contas desligados. Para voltar: *voltar lembretes*.'
    }
    return on
      ? '🔔 Alertas ligados: lembretes de contas, orçamento e gasto alto.'
      : '🔕 Alertas desligados (lembretes de contas, orçamento e gasto alto). Para voltar: *voltar alertas*.'
  },

  help(topic: 'budget' | 'recurring'): string {
    return topic === 'budget'
      ? 'Para criar um orçamento: *orçamento mercado 800*. Para ver: *orçamentos*. Para remover: *apagar orçamento mercado*.'
      : 'Para um lançamento fixo: *salário 4.500 todo dia 5* ou *aluguel 1.500 todo mês dia 10*. Para ver: *recorrentes*.'
  },
}
