import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cardBillForMonth, cardBillOf, cardInvoices } from './card-bills.ts'
import { addMonths, lastDayOfMonth } from './dates.ts'

const cardArb = fc.record({
  closing_day: fc.integer({ min: 1, max: 31 }),
  due_day: fc.integer({ min: 1, max: 31 }),
})
/** Any day from 2020 to 2035 (leap years and month ends included). */
const dateArb = fc
  .integer({ min: Date.UTC(2020, 0, 1) / 86_400_000, max: Date.UTC(2035, 11, 31) / 86_400_000 })
  .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10))
const monthArb = dateArb.map((d) => d.slice(0, 7))

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

const within = (d: string, bill: { opens_on: string; closes_on: string }) =>
  bill.opens_on <= d && d <= bill.closes_on

describe('card bill properties', () => {
  it('puts every date in exactly one bill, due on or after it closes, named by its due month', () => {
    fc.assert(
      fc.property(cardArb, dateArb, (card, date) => {
        const bill = cardBillOf(card, date)
        expect(within(date, bill)).toBe(true)
        expect(bill.due_on.slice(0, 7)).toBe(bill.month)
        expect(bill.due_on >= bill.closes_on).toBe(true)
        const closing = Number(bill.closes_on.slice(8))
        expect(closing).toBe(Math.min(card.closing_day, lastDayOfMonth(bill.closes_on.slice(0, 7))))
        // No other bill around it holds the date.
        for (const n of [-3, -2, -1, 1, 2, 3]) {
          expect(within(date, cardBillForMonth(card, addMonths(bill.month, n)))).toBe(false)
        }
      }),
      { numRuns: 3000 },
    )
  })

  it('makes consecutive bills meet without a gap or an overlap', () => {
    fc.assert(
      fc.property(cardArb, monthArb, (card, month) => {
        const bill = cardBillForMonth(card, month)
        const next = cardBillForMonth(card, addMonths(month, 1))
        expect(bill.opens_on <= bill.closes_on).toBe(true)
        expect(nextDay(bill.closes_on)).toBe(next.opens_on)
        expect(next.due_on > bill.due_on).toBe(true)
      }),
      { numRuns: 3000 },
    )
  })

  it('adds every entry to its bill once; payments go oldest first and never exceed what came in', () => {
    const movementArb = fc.record({
      occurred_on: dateArb,
      spent_cents: fc.integer({ min: -50_000, max: 500_000 }),
      entries: fc.integer({ min: 1, max: 5 }),
    })
    fc.assert(
      fc.property(
        cardArb,
        fc.array(movementArb, { maxLength: 60 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        dateArb,
        (card, movements, paymentsCents, today) => {
          const bills = cardInvoices(card, { movements, paymentsCents, today })
          // Every bill with entries is listed once, newest first.
          const months = bills.map((b) => b.month)
          expect(months).toEqual([...new Set(months)].sort().reverse())
          expect(new Set(months)).toEqual(
            new Set(movements.map((m) => cardBillOf(card, m.occurred_on).month)),
          )
          // Each total is the sum of the movements dated in its period; together, all of them.
          for (const bill of bills) {
            const period = cardBillForMonth(card, bill.month)
            const inIt = movements.filter((m) => within(m.occurred_on, period))
            expect(bill.total_cents).toBe(inIt.reduce((s, m) => s + m.spent_cents, 0))
          }
          const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0)
          expect(sum(bills.map((b) => b.total_cents))).toBe(
            sum(movements.map((m) => m.spent_cents)),
          )
          // Payments: never more than a bill owes, never more than paid in plus credits, and a
          // newer bill gets nothing while an older one still owes.
          const oldestFirst = [...bills].reverse()
          const credits = sum(oldestFirst.map((b) => Math.max(0, -b.total_cents)))
          for (const b of oldestFirst) {
            expect(b.paid_cents).toBeGreaterThanOrEqual(0)
            expect(b.paid_cents).toBeLessThanOrEqual(Math.max(0, b.total_cents))
          }
          expect(sum(oldestFirst.map((b) => b.paid_cents))).toBeLessThanOrEqual(
            paymentsCents + credits,
          )
          const firstOwing = oldestFirst.findIndex((b) => b.paid_cents < b.total_cents)
          if (firstOwing >= 0) {
            for (const b of oldestFirst.slice(firstOwing + 1)) expect(b.paid_cents).toBe(0)
          }
          // Status: open through the closing day, then paid or closed by what was allocated.
          for (const b of bills) {
            if (today <= b.closes_on) expect(b.status).toBe('open')
            else expect(b.status).toBe(b.paid_cents >= b.total_cents ? 'paid' : 'closed')
          }
        },
      ),
      { numRuns: 1000 },
    )
  })
})
