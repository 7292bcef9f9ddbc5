import type { Category, EntryType, IsoDate } from '@equilibrai/shared'
import type { NotificationDecision } from './bank-notification.ts'
import type { PlanningDecision } from './bills-recurring-budgets.ts'
import type { ReportDecision } from './report-intents.ts'

/** What the server knows when a message arrives. The assistant reads no clock and no database. */
export type AssistantContext = {
  /** The message's instant; dates resolve on the São Paulo calendar. */
  now: Date
  /** Per-ledger learned category words: lowercase accent-free word → category slug. */
  learnedWords?: Readonly<Record<string, Category>>
}

export type EntryDraft = {
  type: EntryType
  amount_cents: number
  description: string
  category: Category
  occurred_on: IsoDate
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
export type NotEntryReason = 'question' | 'plan' | 'arithmetic' | 'statement'

export type Decision =
  | { kind: 'entry'; entry: EntryDraft }
  /** Several items in one message ('uber 20 e ifood 40'): one entry each, in message order. */
  | { kind: 'entries'; entries: EntryDraft[] }
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
  /** month `YYYY-MM` when the user named one (including 'esse mês'); absent means the current month. */
  | { kind: 'summary'; month?: string; category?: Category }
  | { kind: 'recent' }
  | { kind: 'undo' }
  /** index: the number from the last 'últimos' list (1-based). */
  | { kind: 'delete'; index: number }
  | { kind: 'correct_amount'; amount_cents: number }
  | { kind: 'change_category'; category: Category }
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
  /** A forwarded bank notification (bank-notification.ts): one entry or one purchase in installments. */
  | NotificationDecision

export type DecisionKind = Decision['kind']
