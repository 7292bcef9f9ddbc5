import { addMonths, type IsoDate, lastDayOfMonth } from './dates.ts'

/*
 * A credit card's bills (ARCHITECTURE §9), one rule for the server, the assistant and the web.
 *
 * - The bill that closes on closing day C of a month holds the card's entries dated after the
 *   previous closing date up to and including this one. A C past the month's end (31 in
 *   April, 30 in February) closes on the month's last day.
 * - It is due on the first due day D after C: in the closing month when D > C, in the next
 *   month when D ≤ C (a due day equal to the closing day falls in the next month). D past
 *   that month's end is its last day. Whether the due date is in the closing month or the next
 *   is decided by the day numbers, never by the clamped dates, so each closing month has
 *   exactly one due month and `month` (the due date's month, 'YYYY-MM') names one bill. The
 *   one oddity: C = 30, D = 31 in February closes and falls due on the same day, the 28th.
 * - total = expenses − income (refunds, cashback) on the card in the period.
 * - Payments (transfers into the card) pay the bills oldest first; what is left goes to the
 *   following bills in order. A bill whose total is negative (refunds only) is a credit that
 *   pays like a payment.
 * - Status: `open` through the closing date, then `paid` when the payments allocated to it
 *   cover its total, else `closed`.
 */

export const INVOICE_STATUSES = ['open', 'closed', 'paid'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

/** A card's days: closing and due day of the month, 1–31. */
export type CardDays = { closing_day: number; due_day: number }

/** One bill's dates: entries dated opens_on..closes_on (inclusive) are in it. */
export type CardBillPeriod = {
  /** The due date's month, 'YYYY-MM': the bill's name in the API. */
  month: string
  opens_on: IsoDate
  closes_on: IsoDate
  due_on: IsoDate
}

/** What a bill amounts to (the API's Invoice). */
export type CardInvoice = {
  month: string
  closes_on: IsoDate
  due_on: IsoDate
  total_cents: number
  paid_cents: number
  status: InvoiceStatus
}

/** Money on the card in one or more entries of one day: expenses − income, and how many. */
export type CardMovement = { occurred_on: IsoDate; spent_cents: number; entries: number }

const pad = (n: number) => String(n).padStart(2, '0')

/** `day` of `month`, or the month's last day when the month is shorter. */
function dayIn(month: string, day: number): IsoDate {
  return `${month}-${pad(Math.min(day, lastDayOfMonth(month)))}`
}

function nextDay(date: IsoDate): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)
}

/** 0 when the bill falls due in the month it closes, 1 when in the next. */
const dueOffset = (card: CardDays) => (card.due_day > card.closing_day ? 0 : 1)

/** The closing date of the bill that closes in `month`. */
export function closingDateIn(card: CardDays, month: string): IsoDate {
  return dayIn(month, card.closing_day)
}

/** The bill named `month` (its due date's month). */
export function cardBillForMonth(card: CardDays, month: string): CardBillPeriod {
  const closingMonth = addMonths(month, -dueOffset(card))
  return {
    month,
    opens_on: nextDay(closingDateIn(card, addMonths(closingMonth, -1))),
    closes_on: closingDateIn(card, closingMonth),
    due_on: dayIn(month, card.due_day),
  }
}

/** The month ('YYYY-MM') of the bill an entry dated `date` belongs to. */
export function cardBillMonthOf(card: CardDays, date: IsoDate): string {
  const month = date.slice(0, 7)
  const closingMonth = date <= closingDateIn(card, month) ? month : addMonths(month, 1)
  return addMonths(closingMonth, dueOffset(card))
}

/** The bill an entry dated `date` belongs to. */
export function cardBillOf(card: CardDays, date: IsoDate): CardBillPeriod {
  return cardBillForMonth(card, cardBillMonthOf(card, date))
}

/**
 * Spreads `paymentsCents` over bills given oldest first: each takes what it still owes, in
 * order. A negative total (refunds only: the card owes the person) is a credit that joins the
 * payments, so it too pays the oldest bill still owing. Returns what each bill was paid, in
 * the same order.
 */
export function allocatePayments(totalsOldestFirst: readonly number[], paymentsCents: number) {
  let left = Math.max(0, paymentsCents)
  for (const total of totalsOldestFirst) if (total < 0) left -= total
  return totalsOldestFirst.map((total) => {
    const paid = Math.min(Math.max(0, total), left)
    left -= paid
    return paid
  })
}

export function cardBillStatus(
  bill: { closes_on: IsoDate; total_cents: number; paid_cents: number },
  today: IsoDate,
): InvoiceStatus {
  if (today <= bill.closes_on) return 'open'
  return bill.paid_cents >= bill.total_cents ? 'paid' : 'closed'
}

/** What is still owed on a bill (0 when paid or a credit). */
export function cardBillLeftCents(bill: { total_cents: number; paid_cents: number }): number {
  return Math.max(0, bill.total_cents - bill.paid_cents)
}

/**
 * Every bill of the card that has entries (future ones too: installments), newest first, from
 * its movements (any grouping: one per entry or one per day) and all payments into it.
 */
export function cardInvoices(
  card: CardDays,
  {
    movements,
    paymentsCents,
    today,
  }: { movements: readonly CardMovement[]; paymentsCents: number; today: IsoDate },
): CardInvoice[] {
  const byMonth = new Map<string, { total: number; entries: number }>()
  for (const m of movements) {
    if (m.entries <= 0) continue
    const month = cardBillMonthOf(card, m.occurred_on)
    const bill = byMonth.get(month) ?? { total: 0, entries: 0 }
    bill.total += m.spent_cents
    bill.entries += m.entries
    byMonth.set(month, bill)
  }
  const months = [...byMonth.keys()].sort()
  const totals = months.map((month) => byMonth.get(month)?.total ?? 0)
  const paid = allocatePayments(totals, paymentsCents)
  return months
    .map((month, i) => {
      const { closes_on, due_on } = cardBillForMonth(card, month)
      const total_cents = totals[i] ?? 0
      const paid_cents = paid[i] ?? 0
      const status = cardBillStatus({ closes_on, total_cents, paid_cents }, today)
      return { month, closes_on, due_on, total_cents, paid_cents, status }
    })
    .reverse()
}
