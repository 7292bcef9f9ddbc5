import type { Category, EntryType, IsoDate } from '@equilibrai/shared'
import type { AccountDecision, AccountInfo } from './account-types.ts'
import type { NotificationDecision } from './bank-notification.ts'
import type { PlanningDecision } from './bills-recurring-budgets.ts'
import type { Confidence } from './confidence.ts'
import type { CustomCategoryInfo } from './custom-category.ts'
import type { ReportDecision } from './report-intents.ts'

/** What the server knows when a message arrives. The assistant reads no clock and no database. */
export type AssistantContext = {
  /** The message's instant; dates resolve on the São Paulo calendar. */
  now: Date
  /** Per-ledger learned category words: lowercase accent-free word → category slug. */
  learnedWords?: Readonly<Record<string, Category>>
  /**
   * The ledger's accounts (ARCHITECTURE §9). With them, a message's account ('no nubank',
   * 'em dinheiro'), transfers and card bills are understood (account-intents.ts); without them
   * every entry goes to the default account, as before accounts existed.
   */
  accounts?: readonly AccountInfo[]
  /**
   * The ledger's categories of its own (ADR 026): a message naming one ('pet shop 80 em
   * Cachorro') records into it (custom-category.ts).
   */
  customCategories?: readonly CustomCategoryInfo[]
}

export type EntryDraft = {
  type: EntryType
  amount_cents: number
  description: string
  category: Category
  occurred_on: IsoDate
  /** The account the message named; absent: the ledger's default account. */
  account_id?: number
  /** A category of one's own the message named; `category` is the default it sits under. */
  custom_category_id?: number | null
}

export type BillDraft = {
  description: string
  amount_cents: number | null
  due_on: IsoDate
  category: Category
}

/** A purchase in installments: one entry per month, 'TV (1/12)' … 'TV (12/12)'. */
export type InstallmentPlan = {
  /** The purchase's own words ('TV'); each entry's description adds '(k/N)'. */
  description: string
  category: Category
  type: EntryType
  total_cents: number
  count: number
  /** In order: the first on the purchase day, the rest on the same day of the next months. */
  entries: EntryDraft[]
}

/** Why a message with a number records nothing. */
export type NotEntryReason =
  | 'question'
  | 'plan'
  | 'arithmetic'
  | 'statement'
  /** A headline, an offer or a forward ('combustível sobe para R$ 6,49'). */
  | 'news'
  /** 'não paguei', 'quase gastei', 'desisti do celular de 2 mil'. */
  | 'negation'
  /** An age, a year, a card or apartment number ('minha mãe fez 70'). */
  | 'not_money'

export type Decision =
  /** `confidence`: how sure and why (confidence.ts); set on every entry `understand` returns. */
  | { kind: 'entry'; entry: EntryDraft; confidence?: Confidence }
  /** Several items in one message ('uber 20 e ifood 40'): one entry each, in message order. */
  | { kind: 'entries'; entries: EntryDraft[]; confidence?: Confidence }
  /**
   * An entry the assistant is not sure of ('flanelinha 5', 'ônibus 8012'): nothing is recorded;
   * the reply asks 'Registrar R$ 5,00 em Outros?' with Sim/Não, and only 'Sim' as the very next
   * message records `entry` (pending.ts).
   */
  | { kind: 'confirm_entry'; entry: EntryDraft; confidence: Confidence }
  | { kind: 'installments'; plan: InstallmentPlan }
  /**
   * An entry dated after the message ('mercado 200 amanhã'): nothing is recorded; the reply
   * asks whether it was today. `entry` is what 'sim' records (dated today); `said_on` is the
   * day the message named, when it named one.
   */
  | { kind: 'confirm_date'; entry: EntryDraft; said_on?: IsoDate }
  /** A question, plan, what-if or sum that carries numbers: never recorded. */
  | { kind: 'not_entry'; reason: NotEntryReason }
  /** 'cancelar parcelas': the future installments of the last purchase in installments. */
  | { kind: 'cancel_installments' }
  /** Amount over MAX_ENTRY_CENTS: ask before recording. */
  | { kind: 'confirm_large'; entry: EntryDraft }
  | { kind: 'needs_amount'; type: EntryType; description: string; category: Category }
  | { kind: 'balance' }
  /**
   * month `YYYY-MM` when the user named one (including 'esse mês'); absent means the current
   * month. `from`/`to` (inclusive days) when the user named a week ('semana passada':
   * periods.ts); then there is no month.
   */
  | {
      kind: 'summary'
      month?: string
      category?: Category
      from?: IsoDate
      to?: IsoDate
      /** A category of one's own the question named ('quanto gastei com Cachorro'); `category` is its default. */
      custom_category_id?: number
    }
  | { kind: 'recent' }
  | { kind: 'undo' }
  /** index: the number from the last 'últimos' list (1-based). */
  | { kind: 'delete'; index: number }
  | { kind: 'correct_amount'; amount_cents: number }
  /** `custom_category_id`: a category of one's own ('… para Cachorro'); `category` is its default. */
  | { kind: 'change_category'; category: Category; custom_category_id?: number }
  | { kind: 'bill'; bill: BillDraft }
  | { kind: 'help' }
  /**
   * sim / não: answers a pending question (confirm_large, confirm_date). Only the very next
   * message can answer, within PENDING_WINDOW_MS (pending.ts); the server keeps the state.
   */
  | { kind: 'confirm'; yes: boolean }
  | { kind: 'not_understood' }
  /** Bills, recurring entries, budgets, alert settings (bills-recurring-budgets.ts). */
  | { kind: 'planning'; planning: PlanningDecision }
  /** 'relatório', 'relatório da semana', 'pdf' (report-intents.ts). */
  | ReportDecision
  /** Transfers, card bills, and questions about which account (account-types.ts). */
  | AccountDecision
  /** A forwarded bank notification (bank-notification.ts): one entry or one purchase in installments. */
  | NotificationDecision

export type DecisionKind = Decision['kind']
