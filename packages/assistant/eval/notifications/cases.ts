/**
 * Labelled bank notifications (ARCHITECTURE §10). Two sets use this shape: heldout.ts (written
 * first, before the reader, and never tuned on) and corpus.ts (the reader may be tuned on it).
 * Every case is read at NOTIFICATION_EVAL_NOW.
 */

/** A Wednesday, 18/11/2026 at noon in São Paulo. */
export const NOTIFICATION_EVAL_NOW = new Date('2026-11-18T15:00:00Z')

export const BANKS = [
  'nubank',
  'itau',
  'bradesco',
  'santander',
  'bb',
  'caixa',
  'inter',
  'c6',
  'picpay',
  'mercadopago',
] as const
export type EvalBank = (typeof BANKS)[number]

/**
 * What a notification should give. `kind: 'none'` — an offer, a bill warning, a balance:
 * nothing recorded. `merchant` is compared accent- and case-free; null means the notification
 * names no merchant or person (the reader may give none or any). `date` null: the notification
 * states none. `installments` absent: one payment.
 */
export type Expected = {
  kind: 'expense' | 'income' | 'none'
  amount_cents?: number
  merchant?: string | null
  date?: string | null
  last_digits?: string | null
  installments?: number
}

export type NotificationCase = { bank: EvalBank; text: string; expect: Expected }

export function nc(bank: EvalBank, text: string, expect: Expected): NotificationCase {
  return { bank, text, expect }
}
