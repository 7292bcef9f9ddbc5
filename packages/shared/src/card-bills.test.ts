import { describe, expect, it } from 'vitest'
import {
  allocatePayments,
  cardBillForMonth,
  cardBillLeftCents,
  cardBillOf,
  cardBillStatus,
  cardInvoices,
} from './card-bills.ts'

const card = (closing_day: number, due_day: number) => ({ closing_day, due_day })

describe('the bill of a date', () => {
  it.each([
    // closing 10, due 17 (due after closing: same month)
    [card(10, 17), '2026-03-10', '2026-03', '2026-02-11', '2026-03-10', '2026-03-17'],
    [card(10, 17), '2026-03-11', '2026-04', '2026-03-11', '2026-04-10', '2026-04-17'],
    [card(10, 17), '2026-03-01', '2026-03', '2026-02-11', '2026-03-10', '2026-03-17'],
    // closing 25, due 5: the due day before the closing day falls in the next month
    [card(25, 5), '2026-01-25', '2026-02', '2025-12-26', '2026-01-25', '2026-02-05'],
    [card(25, 5), '2026-01-26', '2026-03', '2026-01-26', '2026-02-25', '2026-03-05'],
    [card(25, 5), '2025-12-31', '2026-02', '2025-12-26', '2026-01-25', '2026-02-05'],
    // closing 31: the month's last day in short months
    [card(31, 10), '2026-02-28', '2026-03', '2026-02-01', '2026-02-28', '2026-03-10'],
    [card(31, 10), '2026-03-01', '2026-04', '2026-03-01', '2026-03-31', '2026-04-10'],
    [card(31, 10), '2026-04-30', '2026-05', '2026-04-01', '2026-04-30', '2026-05-10'],
    [card(31, 10), '2028-02-29', '2028-03', '2028-02-01', '2028-02-29', '2028-03-10'],
    [card(30, 5), '2026-03-01', '2026-04', '2026-03-01', '2026-03-30', '2026-04-05'],
    [card(30, 5), '2026-02-28', '2026-03', '2026-01-31', '2026-02-28', '2026-03-05'],
    // due day equal to the closing day: the next month (and 30 in February is the 28th)
    [card(30, 30), '2026-01-30', '2026-02', '2025-12-31', '2026-01-30', '2026-02-28'],
    [card(30, 30), '2026-01-31', '2026-03', '2026-01-31', '2026-02-28', '2026-03-30'],
    [card(15, 15), '2026-06-15', '2026-07', '2026-05-16', '2026-06-15', '2026-07-15'],
    // due 31 after closing 30: same month; February closes and falls due on the 28th
    [card(30, 31), '2026-02-10', '2026-02', '2026-01-31', '2026-02-28', '2026-02-28'],
    [card(30, 31), '2026-04-30', '2026-04', '2026-03-31', '2026-04-30', '2026-04-30'],
    // across the year's end
    [card(20, 1), '2026-12-21', '2027-02', '2026-12-21', '2027-01-20', '2027-02-01'],
    [card(1, 8), '2026-12-31', '2027-01', '2026-12-02', '2027-01-01', '2027-01-08'],
    [card(1, 8), '2027-01-01', '2027-01', '2026-12-02', '2027-01-01', '2027-01-08'],
  ])('card %j, entry on %s → bill %s (%s to %s, due %s)', (c, date, month, opens, closes, due) => {
    expect(cardBillOf(c, date)).toEqual({
      month,
      opens_on: opens,
      closes_on: closes,
      due_on: due,
    })
    expect(cardBillForMonth(c, month)).toEqual(cardBillOf(c, date))
  })
})

describe('status and payments', () => {
  it.each([
    [{ closes_on: '2026-03-10', total_cents: 5000, paid_cents: 0 }, '2026-03-10', 'open'],
    [{ closes_on: '2026-03-10', total_cents: 5000, paid_cents: 5000 }, '2026-03-09', 'open'],
    [{ closes_on: '2026-03-10', total_cents: 5000, paid_cents: 0 }, '2026-03-11', 'closed'],
    [{ closes_on: '2026-03-10', total_cents: 5000, paid_cents: 4999 }, '2026-04-30', 'closed'],
    [{ closes_on: '2026-03-10', total_cents: 5000, paid_cents: 5000 }, '2026-03-11', 'paid'],
    [{ closes_on: '2026-03-10', total_cents: -300, paid_cents: 0 }, '2026-03-11', 'paid'],
  ] as const)('%j on %s is %s', (bill, today, status) => {
    expect(cardBillStatus(bill, today)).toBe(status)
  })

  it.each([
    [[10000, 5000, 3000], 12000, [10000, 2000, 0]],
    [[10000, 5000, 3000], 0, [0, 0, 0]],
    [[10000, 5000, 3000], 50000, [10000, 5000, 3000]],
    // a refunds-only bill is a credit for the next ones
    [[-2000, 5000], 1000, [0, 3000]],
    [[1000, -500, 2000], 1000, [1000, 0, 500]],
    // …the oldest bill still owing first, even one before it
    [[1000, -500, 2000], 0, [500, 0, 0]],
  ])('totals %j with %i paid → %j', (totals, payments, paid) => {
    expect(allocatePayments(totals, payments)).toEqual(paid)
  })

  it('says what is left of a bill', () => {
    expect(cardBillLeftCents({ total_cents: 5000, paid_cents: 1200 })).toBe(3800)
    expect(cardBillLeftCents({ total_cents: 5000, paid_cents: 5000 })).toBe(0)
    expect(cardBillLeftCents({ total_cents: -100, paid_cents: 0 })).toBe(0)
  })
})

describe('a card’s bills', () => {
  it('groups entries into bills, newest first, with payments oldest first', () => {
    const bills = cardInvoices(card(10, 17), {
      movements: [
        { occurred_on: '2026-01-05', spent_cents: 30000, entries: 1 },
        { occurred_on: '2026-01-11', spent_cents: 4500, entries: 1 },
        { occurred_on: '2026-02-05', spent_cents: 30000, entries: 1 },
        { occurred_on: '2026-02-06', spent_cents: -1500, entries: 1 },
        { occurred_on: '2026-03-05', spent_cents: 30000, entries: 1 },
        { occurred_on: '2026-03-07', spent_cents: 0, entries: 0 },
        { occurred_on: '2026-05-12', spent_cents: 2000, entries: 2 },
      ],
      paymentsCents: 40000,
      today: '2026-03-10',
    })
    expect(bills).toEqual([
      {
        month: '2026-06',
        closes_on: '2026-06-10',
        due_on: '2026-06-17',
        total_cents: 2000,
        paid_cents: 0,
        status: 'open',
      },
      {
        month: '2026-03',
        closes_on: '2026-03-10',
        due_on: '2026-03-17',
        total_cents: 30000,
        paid_cents: 0,
        status: 'open',
      },
      {
        month: '2026-02',
        closes_on: '2026-02-10',
        due_on: '2026-02-17',
        total_cents: 4500 + 30000 - 1500,
        paid_cents: 10000,
        status: 'closed',
      },
      {
        month: '2026-01',
        closes_on: '2026-01-10',
        due_on: '2026-01-17',
        total_cents: 30000,
        paid_cents: 30000,
        status: 'paid',
      },
    ])
  })
})
