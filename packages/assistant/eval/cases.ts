import type { Category, EntryType } from '@equilibrai/shared'

/**
 * Labelled messages for measuring the assistant. Two sets use this shape:
 * eval/heldout-11.ts (written before the change, never tuned on) and eval/corpus.ts (the
 * package's own corpus, which the code may be tuned on). Every case is read at EVAL_NOW.
 */

/** A Wednesday, 18/11/2026 at noon in São Paulo. */
export const EVAL_NOW = new Date('2026-11-18T15:00:00Z')

/**
 * - ordinary: plain entries ('mercado 45,90'): type, amount, category and date all right.
 * - harder: everyday shapes (abbreviations, amounts in words, typos, 13º, 'me conta').
 * - non_entry: questions, plans, conditionals, arithmetic — never recorded.
 * - identifier: numbers that are not money (orders, documents, phones, scores) — never recorded.
 * - future: an entry dated after the message — not recorded as spent.
 * - multi: several items in one message — separate entries.
 * - installment: a purchase in installments.
 * - command: questions the assistant answers (saldo, resumo) and other commands.
 * - news, negation, not_money, chatter (issue 24): forwarded headlines and offers, 'quase
 *   gastei', 'não paguei', ages, years, card and apartment numbers, greetings with numbers —
 *   never recorded (asking is allowed).
 */
export type EvalClass =
  | 'ordinary'
  | 'harder'
  | 'non_entry'
  | 'identifier'
  | 'future'
  | 'multi'
  | 'installment'
  | 'command'
  | 'news'
  | 'negation'
  | 'not_money'
  | 'chatter'

export type EvalItem = { amount_cents: number; category?: Category; type?: EntryType }

export type EvalCase = {
  cls: EvalClass
  text: string
  /** Expected decision kind; for non-entries, any kind that records nothing passes when absent. */
  kind?: string
  amount_cents?: number | null
  category?: Category
  type?: EntryType
  occurred_on?: string
  /** Several items: each entry's amount (and category), in message order. */
  items?: EvalItem[]
  /** Installments: how many and the total. */
  installments?: { count: number; total_cents: number; category?: Category }
  month?: string
  /** A summary over days ('semana passada'): the first and last day. */
  from?: string
  to?: string
  /** 'o que vence essa semana': the bills due within this many days. */
  within_days?: number
}

export const exp = (
  cls: EvalClass,
  text: string,
  amount_cents: number,
  category?: Category,
  occurred_on?: string,
): EvalCase => ({
  cls,
  text,
  kind: 'entry',
  type: 'expense',
  amount_cents,
  ...(category ? { category } : {}),
  ...(occurred_on ? { occurred_on } : {}),
})

export const inc = (
  cls: EvalClass,
  text: string,
  amount_cents: number,
  category?: Category,
  occurred_on?: string,
): EvalCase => ({
  cls,
  text,
  kind: 'entry',
  type: 'income',
  amount_cents,
  ...(category ? { category } : {}),
  ...(occurred_on ? { occurred_on } : {}),
})

/** A message that must record nothing (kind optional: the expected answer when it is known). */
export const none = (cls: EvalClass, text: string, kind?: string): EvalCase => ({
  cls,
  text,
  ...(kind ? { kind } : {}),
})

export const multi = (text: string, items: EvalItem[]): EvalCase => ({
  cls: 'multi',
  text,
  kind: 'entries',
  items,
})

export const parcel = (
  text: string,
  count: number,
  total_cents: number,
  category?: Category,
): EvalCase => ({
  cls: 'installment',
  text,
  kind: 'installments',
  installments: { count, total_cents, ...(category ? { category } : {}) },
})

/** A future-dated entry: asked about, not recorded ('confirm_date'), or a bill when it says so. */
export const later = (text: string, kind = 'confirm_date'): EvalCase => ({
  cls: 'future',
  text,
  kind,
})
