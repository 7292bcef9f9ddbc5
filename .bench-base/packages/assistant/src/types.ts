import type { Category, EntryType, IsoDate } from '@equilibrai/shared'

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

export type Decision =
  | { kind: 'entry'; entry: EntryDraft }
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
  /** sim / não: answers to confirm_large (the server knows whether one is pending). */
  | { kind: 'confirm'; yes: boolean }
  | { kind: 'not_understood' }

export type DecisionKind = Decision['kind']
