import { foldText } from '../../src/normalize.ts'
import { readBankNotification } from '../../src/bank-notification.ts'
import { BANKS, type EvalBank, type NotificationCase, NOTIFICATION_EVAL_NOW } from './cases.ts'

const key = (s: string) => foldText(s).replace(/\s+/g, ' ').trim()

/** Why a case is wrong ('' when fully right): kind, amount, merchant, date, digits, installments. */
export function mismatch(c: NotificationCase): string {
  const r = readBankNotification(c.text, NOTIFICATION_EVAL_NOW)
  const e = c.expect
  if (e.kind === 'none')
    return r === null || r.kind === 'not_transaction' ? '' : `recorded ${JSON.stringify(r)}`
  if (r?.kind !== 'notification') return `not read (${r?.kind ?? 'null'})`
  const n = r.notification
  const wrong: string[] = []
  if (n.kind !== e.kind) wrong.push(`kind ${n.kind}`)
  if (n.amount_cents !== e.amount_cents) wrong.push(`amount ${n.amount_cents}`)
  if (e.merchant && key(n.merchant ?? '') !== key(e.merchant)) wrong.push(`merchant ${n.merchant}`)
  if ((n.date ?? null) !== (e.date ?? null)) wrong.push(`date ${n.date}`)
  if ((n.last_digits ?? null) !== (e.last_digits ?? null)) wrong.push(`digits ${n.last_digits}`)
  if ((n.installments ?? undefined) !== e.installments) wrong.push(`installments ${n.installments}`)
  return wrong.join(', ')
}

export type BankScore = { bank: EvalBank; right: number; total: number; misses: string[] }

export function scoreByBank(cases: NotificationCase[]): BankScore[] {
  return BANKS.map((bank) => {
    const mine = cases.filter((c) => c.bank === bank)
    const misses = mine.map((c) => [c.text, mismatch(c)] as const).filter(([, m]) => m !== '')
    return {
      bank,
      right: mine.length - misses.length,
      total: mine.length,
      misses: misses.map(([t, m]) => `${t} → ${m}`),
    }
  })
}
