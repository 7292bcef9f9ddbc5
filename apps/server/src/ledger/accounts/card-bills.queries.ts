import {
  type CardInvoice,
  type CardMovement,
  cardBillLeftCents,
  cardInvoices,
  type EntrySource,
  saoPauloDate,
  type Transfer,
} from '@equilibrai/shared'
import type { Queryable } from '../../platform/index.ts'
import {
  AccountNotFoundError,
  InvoiceNotFoundError,
  InvoicePaidError,
  NotACardError,
} from './errors.ts'
import { recordTransfer } from './transfers.queries.ts'

/*
 * A card's bills, by the one rule of packages/shared (card-bills.ts): the card's entries come
 * from account_day_totals grouped by bill (one row per bill, however many entries), the
 * payments are the transfers into the card dated up to today.
 */

type Card = { id: number; name: string; closing_day: number; due_day: number }

async function cardOf(
  db: Queryable,
  { ledgerId, accountId, lock }: { ledgerId: number; accountId: number; lock?: boolean },
): Promise<Card> {
  const { rows } = await db.query<Card & { kind: string }>(
    `select id, name, kind, closing_day, due_day from accounts
      where ledger_id = $1 and id = $2 ${lock ? 'for update' : ''}`,
    [ledgerId, accountId],
  )
  const row = rows[0]
  if (!row) throw new AccountNotFoundError()
  if (row.kind !== 'credit_card') throw new NotACardError()
  return row
}

async function invoicesOf(db: Queryable, card: Card, today: string): Promise<CardInvoice[]> {
  const [bills, payments] = await Promise.all([
    // One row per bill (the database applies the same rule: card_bill_month, migration 018),
    // named by its first day with entries, which cardInvoices places in the same bill.
    db.query<CardMovement>(
      `select min(day) as occurred_on, (-sum(net_cents))::bigint as spent_cents,
              sum(entries)::bigint as entries
         from account_day_totals
        where account_id = $1 and entries > 0
        group by card_bill_month(day, $2, $3)`,
      [card.id, card.closing_day, card.due_day],
    ),
    db.query<{ paid: number }>(
      `select coalesce(sum(amount_cents), 0)::bigint as paid from transfers
        where to_account_id = $1 and occurred_on <= $2`,
      [card.id, today],
    ),
  ])
  return cardInvoices(card, {
    movements: bills.rows,
    paymentsCents: payments.rows[0]?.paid ?? 0,
    today,
  })
}

/**
 * Every bill of a card that has entries (future ones too), newest first: 404 for an account
 * of another ledger, 422 NOT_A_CARD for an account that is not a card.
 */
export async function cardBills(
  db: Queryable,
  {
    ledgerId,
    accountId,
    today = saoPauloDate(new Date()),
  }: { ledgerId: number; accountId: number; today?: string },
): Promise<CardInvoice[]> {
  const card = await cardOf(db, { ledgerId, accountId })
  return invoicesOf(db, card, today)
}

/**
 * Pays a card bill from another account: a transfer into the card dated today, of
 * `amountCents` or, without it, what is left of that bill (422 INVOICE_PAID when nothing is).
 * The payment goes to the card's bills oldest first, like every payment. The card is locked
 * for the duration, so two payments at once cannot both pay what is left. Expects `tx` inside
 * a transaction.
 */
export async function payCardBill(
  tx: Queryable,
  params: {
    ledgerId: number
    accountId: number
    month: string
    fromAccountId: number
    amountCents?: number
    createdBy: string | null
    source: EntrySource
    whatsappMessageId?: string | null
    today?: string
  },
): Promise<Transfer> {
  const today = params.today ?? saoPauloDate(new Date())
  const card = await cardOf(tx, {
    ledgerId: params.ledgerId,
    accountId: params.accountId,
    lock: true,
  })
  const bill = (await invoicesOf(tx, card, today)).find((b) => b.month === params.month)
  if (!bill) throw new InvoiceNotFoundError()
  const amount = params.amountCents ?? cardBillLeftCents(bill)
  if (amount <= 0) throw new InvoicePaidError()
  return recordTransfer(tx, {
    ledgerId: params.ledgerId,
    createdBy: params.createdBy,
    transfer: {
      from_account_id: params.fromAccountId,
      to_account_id: card.id,
      amount_cents: amount,
      occurred_on: today,
      description: `Pagamento da fatura ${card.name} ${params.month.slice(5)}/${params.month.slice(0, 4)}`,
    },
    source: params.source,
    whatsappMessageId: params.whatsappMessageId,
    allowArchivedDestination: true,
  })
}
