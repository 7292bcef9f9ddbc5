import { type IsoDate, formatBRL, formatDayMonth, monthLabel } from '@equilibrai/shared'
import type {
  AccountKind,
  AccountQuestion,
  MissingAccount,
  TransferPurpose,
} from './account-types.ts'

/*
 * Replies about accounts, transfers and card bills (ARCHITECTURE §9): short pt-BR WhatsApp
 * text from what the server computed. A transfer's reply always says it is not spending.
 */

export type AccountBalanceView = {
  name: string
  kind: AccountKind
  balance_cents: number
  archived: boolean
}

export type TransferView = {
  purpose: TransferPurpose
  amount_cents: number
  from: string
  to: string
  occurred_on: IsoDate
}

/** One bill of a card: `month` is the due date's month ('YYYY-MM'). */
export type InvoiceView = {
  month: string
  closes_on: IsoDate
  due_on: IsoDate
  total_cents: number
  paid_cents: number
  status: 'open' | 'closed' | 'paid'
}

export type CardBillsView = {
  card: string
  /** The bill open today (purchases still coming in), if any. */
  open: InvoiceView | null
  /** The last bill that closed, if any. */
  closed: InvoiceView | null
  /** limit − what is owed, when the card has a limit. */
  available_cents: number | null
}

const KIND_LABEL: Record<AccountKind, string> = {
  checking: 'conta',
  savings: 'poupança',
  cash: 'dinheiro',
  investment: 'investimento',
  credit_card: 'cartão',
}

const TRANSFER_WORDS: Record<TransferPurpose, { emoji: string; noun: string; done: string }> = {
  transfer: { emoji: '🔁', noun: 'Transferência', done: 'anotada' },
  investment: { emoji: '📈', noun: 'Investimento', done: 'anotado' },
  withdrawal: { emoji: '🏧', noun: 'Saque', done: 'anotado' },
  redemption: { emoji: '💵', noun: 'Resgate', done: 'anotado' },
}

const EXAMPLE: Record<TransferPurpose | 'card_bill', string> = {
  transfer: 'transferi 500 pra poupança',
  investment: 'investi 1000 no tesouro',
  withdrawal: 'saquei 200',
  redemption: 'resgatei 500 do tesouro',
  card_bill: 'paguei a fatura do nubank',
}

const MISSING_TEXT: Record<MissingAccount, string> = {
  credit_card: 'Você ainda não tem um cartão de crédito cadastrado.',
  cash: 'Você ainda não tem uma conta de *dinheiro* (carteira) cadastrada.',
  savings: 'Você ainda não tem uma *poupança* cadastrada.',
  investment: 'Você ainda não tem uma conta de *investimento* cadastrada.',
  other: 'Você só tem uma conta cadastrada, então não há para onde transferir.',
}

const CREATE_HINT = 'Cadastre suas contas e cartões em *Contas*, no app, e mande de novo.'
const NOT_SPENDING = 'Não conta como gasto nem como receita.'
const UNDO_HINT = 'Responda *desfazer* para apagar.'

function invoiceLine(label: string, bill: InvoiceView, today?: IsoDate): string {
  const total = formatBRL(bill.total_cents)
  if (bill.status === 'open')
    return `${label}: *${total}* até agora (fecha ${formatDayMonth(bill.closes_on)}, vence ${formatDayMonth(bill.due_on)})`
  if (bill.status === 'paid')
    return `${label}: ${total}, venceu ${formatDayMonth(bill.due_on)} · paga ✅`
  const left = formatBRL(Math.max(0, bill.total_cents - bill.paid_cents))
  const due = today !== undefined && bill.due_on < today ? 'venceu' : 'vence'
  return `${label}: ${total}, ${due} ${formatDayMonth(bill.due_on)} · falta pagar *${left}*`
}

function questionLead(question: AccountQuestion): string {
  const ask = question.asks[0]
  if (ask === undefined) return 'Qual conta?'
  const allCards = ask.choices.every((c) => c.kind === 'credit_card')
  const which = ask.slot === 'card' || allCards ? 'Qual cartão?' : null
  const lead =
    ask.reason === 'unknown' && ask.said !== ''
      ? `Não encontrei a conta *${ask.said}*.`
      : ask.reason === 'unknown'
        ? 'Não encontrei essa conta.'
        : ''
  const q =
    which ??
    (ask.slot === 'from'
      ? 'De qual conta saiu o dinheiro?'
      : ask.slot === 'to'
        ? 'Para qual conta foi o dinheiro?'
        : 'Em qual conta eu anoto?')
  return lead ? `${lead} ${q}` : q
}

export const accountReplies = {
  /** 'saldo': each account's balance and the total (the month's net is in 'resumo'). */
  balances(accounts: readonly AccountBalanceView[]): string {
    const shown = accounts.filter((a) => !a.archived || a.balance_cents !== 0)
    if (shown.length === 0) return 'Você ainda não tem contas. Cadastre em *Contas*, no app.'
    const lines = ['💰 *Saldos*']
    for (const a of shown) {
      const kind = a.kind === 'checking' ? '' : ` (${KIND_LABEL[a.kind]})`
      const archived = a.archived ? ' · arquivada' : ''
      lines.push(`• ${a.name}${kind}${archived}: ${formatBRL(a.balance_cents)}`)
    }
    const total = accounts.reduce((sum, a) => sum + a.balance_cents, 0)
    lines.push(`Total: *${formatBRL(total)}*`)
    if (accounts.some((a) => a.kind === 'credit_card'))
      lines.push('O cartão entra como o que você deve nele.')
    lines.push('Para o resumo do mês, mande *resumo*.')
    return lines.join('\n')
  },

  transferRecorded(view: TransferView): string {
    const w = TRANSFER_WORDS[view.purpose]
    return [
      `${w.emoji} ${w.noun} de *${formatBRL(view.amount_cents)}* ${w.done}!`,
      `${view.from} → ${view.to} · ${formatDayMonth(view.occurred_on)}`,
      `${NOT_SPENDING} ${UNDO_HINT}`,
    ].join('\n')
  },

  transferUndone(view: TransferView): string {
    const w = TRANSFER_WORDS[view.purpose]
    return `↩️ Desfeito. Apaguei: ${w.noun.toLowerCase()} de ${formatBRL(view.amount_cents)} · ${view.from} → ${view.to} (${formatDayMonth(view.occurred_on)}).`
  },

  cardBillPaid(view: {
    card: string
    from: string
    amount_cents: number
    month: string
    left_cents: number
  }): string {
    const left =
      view.left_cents > 0
        ? `Ainda falta *${formatBRL(view.left_cents)}* dessa fatura.`
        : 'Fatura paga ✅'
    return [
      `💳 Pagamento de *${formatBRL(view.amount_cents)}* da fatura de ${monthLabel(view.month)} do *${view.card}* anotado (saiu de ${view.from}).`,
      left,
      `É um pagamento, não um gasto novo: as compras do cartão já contaram. ${UNDO_HINT}`,
    ].join('\n')
  },

  /** 'paguei a fatura' when the last closed bill is paid, or none has closed yet. */
  cardBillNothingToPay(view: {
    card: string
    closed: InvoiceView | null
    open: InvoiceView | null
  }): string {
    const first =
      view.closed === null
        ? `O *${view.card}* ainda não tem fatura fechada para pagar.`
        : `A última fatura fechada do *${view.card}* (${monthLabel(view.closed.month)}) já está paga ✅`
    const open = view.open
      ? ` A fatura aberta está em ${formatBRL(view.open.total_cents)} e fecha ${formatDayMonth(view.open.closes_on)}.`
      : ''
    return `${first}${open} Nada foi anotado. Para adiantar um pagamento, mande o valor, por exemplo: *paguei 300 da fatura do ${view.card.toLowerCase()}*.`
  },

  /** 'fatura do nubank', 'quanto está a fatura?'. */
  cardBills(cards: readonly CardBillsView[], today?: IsoDate): string {
    const blocks = cards.map((c) => {
      const lines = [`💳 *${c.card}*`]
      if (c.open) lines.push(invoiceLine('Fatura aberta', c.open, today))
      if (c.closed) lines.push(invoiceLine('Última fechada', c.closed, today))
      if (!c.open && !c.closed) lines.push('Nenhuma compra nas faturas ainda.')
      if (c.available_cents !== null)
        lines.push(`Limite disponível: ${formatBRL(c.available_cents)}`)
      return lines.join('\n')
    })
    return blocks.join('\n\n')
  },

  chooseAccount(question: AccountQuestion): string {
    const ask = question.asks[0]
    const lines = [questionLead(question)]
    ask?.choices.forEach((c, i) => {
      lines.push(`${i + 1}. ${c.name}`)
    })
    lines.push('Responda com o número. Nada foi anotado ainda.')
    return lines.join('\n')
  },

  missingAccount(need: MissingAccount, purpose: TransferPurpose | 'card_bill'): string {
    const why =
      purpose === 'card_bill'
        ? 'Pagar a fatura não é um gasto novo (as compras do cartão já contam), então não anotei nada.'
        : 'Não anotei nada: uma transferência entre suas contas não é gasto.'
    return `${MISSING_TEXT[need]} ${why} ${CREATE_HINT}`
  },

  transferNeedsAmount(purpose: TransferPurpose | 'card_bill', tooLarge: boolean): string {
    if (tooLarge)
      return 'Esse valor é alto demais para anotar por mensagem. Registre pelo app, em *Contas*.'
    return `Faltou o valor 🙂 Mande de novo com ele, por exemplo: *${EXAMPLE[purpose]}*`
  },

  choiceCancelled(): string {
    return 'Tudo bem, cancelei. Nada foi anotado.'
  },

  /** A refusal of the ledger (same account on both sides, an account deleted meanwhile). */
  accountError(message: string): string {
    return `Não consegui anotar: ${message} Nada foi anotado.`
  },
} as const
