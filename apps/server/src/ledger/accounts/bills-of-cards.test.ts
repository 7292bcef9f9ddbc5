import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../../../test/ledger-fixtures.ts'
import { createTestDatabase } from '../../../test/test-server.ts'
import type { Database, Db } from '../../platform/db/database.ts'
import { withTransaction } from '../../platform/db/transaction.ts'
import { ledgerForUser } from '../../tenancy/ledgers.queries.ts'
import { createAccount, defaultAccount } from './accounts.queries.ts'
import { billsOfCards, cardBills, payCardBill } from './card-bills.queries.ts'
import { recordEntry } from '../entries.ts'

/*
 * billsOfCards (the daily reminder run's one statement for a page of cards) against cardBills
 * (one card at a time, what the web shows): the same bills, totals and payments for every card
 * of a page — several bills each, installments in future bills, partial payments, a card with
 * no entries — and nothing for an id that is not a card.
 */
let database: Database
let db: Db
beforeAll(async () => {
  database = await createTestDatabase()
  db = database.pool
})
afterAll(() => database?.close())

async function personWithCard(closing: number, due: number) {
  const userId = await insertUser(db)
  const { ledgerId } = await ledgerForUser(db, { userId })
  const card = await createAccount(db, {
    ledgerId,
    input: { name: 'Nubank', kind: 'credit_card', closing_day: closing, due_day: due },
  })
  return { userId, ledgerId, cardId: card.id }
}

type Person = Awaited<ReturnType<typeof personWithCard>>

async function spend(p: Person, cents: number, on: string, type: 'expense' | 'income' = 'expense') {
  await withTransaction(db, (tx) =>
    recordEntry(tx, {
      ledger: { ledgerId: p.ledgerId, ownerId: p.userId },
      userId: p.userId,
      accountId: p.cardId,
      entry: {
        type,
        amount_cents: cents,
        description: 'compra',
        category: type === 'income' ? 'outras_receitas' : 'compras',
        occurred_on: on,
      },
      source: 'web',
    }),
  )
}

async function pay(p: Person, month: string, amountCents: number, today: string) {
  const main = await defaultAccount(db, { ledgerId: p.ledgerId })
  await withTransaction(db, (tx) =>
    payCardBill(tx, {
      ledgerId: p.ledgerId,
      accountId: p.cardId,
      month,
      fromAccountId: main.id,
      amountCents,
      createdBy: p.userId,
      source: 'web',
      today,
    }),
  )
}

describe('billsOfCards', () => {
  it('gives every card of a page the bills cardBills gives it alone', async () => {
    const today = '2026-12-20'
    const a = await personWithCard(28, 6)
    await spend(a, 12_000, '2026-10-03')
    await spend(a, 30_000, '2026-11-15')
    await spend(a, 5_000, '2026-11-29')
    await spend(a, 2_000, '2026-12-01', 'income') // a refund on the card
    await spend(a, 80_000, '2027-02-10') // an installment in a future bill
    await pay(a, '2026-12', 10_000, '2026-12-05')
    const b = await personWithCard(5, 15)
    await spend(b, 7_500, '2026-12-05')
    await spend(b, 7_500, '2026-12-06')
    await pay(b, '2027-01', 7_500, '2026-12-10')
    await pay(b, '2027-01', 200_000, '2026-12-30') // dated after today: not counted yet
    const empty = await personWithCard(10, 20)
    const notACard = await defaultAccount(db, { ledgerId: a.ledgerId })

    const bills = await billsOfCards(db, {
      accountIds: [a.cardId, b.cardId, empty.cardId, notACard.id],
      today,
    })

    expect([...bills.keys()].sort()).toEqual([a.cardId, b.cardId, empty.cardId].sort())
    for (const p of [a, b, empty]) {
      const alone = await cardBills(db, { ledgerId: p.ledgerId, accountId: p.cardId, today })
      expect(bills.get(p.cardId)).toEqual(alone)
    }
    // Not vacuous: several bills, a payment counted, a card without any.
    expect(bills.get(a.cardId)?.length).toBeGreaterThanOrEqual(3)
    expect(bills.get(b.cardId)?.some((bill) => bill.paid_cents === 7_500)).toBe(true)
    expect(bills.get(empty.cardId)).toEqual([])
  })

  it('answers an empty page without a query', async () => {
    expect((await billsOfCards(db, { accountIds: [], today: '2026-12-20' })).size).toBe(0)
  })
})
