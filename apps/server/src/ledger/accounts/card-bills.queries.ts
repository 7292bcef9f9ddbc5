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

type Card = {
  id: number
  name: string
  kind: string
  closing_day: number
  due_day: number
  paid: number
  bills: CardMovement[]
}

/**
 * A Card row of account `a`: its days grouped by bill — the database applies the same rule,
 * card_bill_month (migration 018), and names each group by its first day with entries, which
 * cardInvoices places in the same bill — and the payments into it dated up to `today` (the
 * parameter named).
 */
const cardColumns = (today: string) => `select a.id, a.name, a.kind, a.closing_day, a.due_day,
            (select coalesce(sum(t.amount_cents), 0)::bigint from transfers t
              where t.to_account_id = a.id and t.occurred_on <= ${today}) as paid,
            (select coalesce(json_agg(b), '[]') from (
               select min(d.day) as occurred_on, (-sum(d.net_cents))::bigint as spent_cents,
                      sum(d.entries)::bigint as entries
                 from account_day_totals d
                where d.account_id = a.id and d.entries > 0
                group by card_bill_month(d.day, a.closing_day, a.due_day)) b) as bills`

/**
 * The card with everything its bills need (cardColumns), in one statement (one round trip).
 * 404 for an account of another ledger, 422 NOT_A_CARD for one that is not a card.
 */
async function cardOf(
  db: Queryable,
  {
    ledgerId,
    accountId,
    today,
    lock,
  }: { ledgerId: number; accountId: number; today: string; lock?: boolean },
): Promise<Card> {
  // Named: prepared once per connection (see listAccounts).
  const { rows } = await db.query<Card>({
    name: lock ? 'ledger_card_bills_for_update' : 'ledger_card_bills',
    text: `${cardColumns('$3')}
       from accounts a
      where a.ledger_id = $1 and a.id = $2 ${lock ? 'for update of a' : ''}`,
    values: [ledgerId, accountId, today],
  })
  const row = rows[0]
  if (!row) throw new AccountNotFoundError()
  if (row.kind !== 'credit_card') throw new NotACardError()
  return row
}

const invoicesOf = (card: Card, today: string): CardInvoice[] =>
  cardInvoices(card, { movements: card.bills, paymentsCents: card.paid, today })

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
  return invoicesOf(await cardOf(db, { ledgerId, accountId, today }), today)
}

/**
 * cardBills for many cards at once (the daily reminder run), in one set-based statement: the
 * same rows cardOf reads (the same grouping by card_bill_month, the same payments up to
 * `today`), for every card of `accountIds` (of any ledger: the caller picked them; ids that are
 * not cards are left out), as one row per (card, bill) — a card without entries one row without
 * a bill — instead of two sub-queries and a JSON document per card. Keyed by account id.
 */
export async function billsOfCards(
  db: Queryable,
  { accountIds, today }: { accountIds: readonly number[]; today: string },
): Promise<Map<number, CardInvoice[]>> {
  const bills = new Map<number, CardInvoice[]>()
  if (accountIds.length === 0) return bills
  const { rows } = await db.query<
    Omit<Card, 'bills'> & {
      occurred_on: string | null
      spent_cents: number | null
      entries: number | null
    }
  >({
    name: 'ledger_bills_of_cards',
    text: `with cards as (
         select a.id, a.name, a.kind, a.closing_day, a.due_day
           from accounts a
          where a.id = any($1::bigint[]) and a.kind = 'credit_card'),
       paid as (
         select t.to_account_id as id, sum(t.amount_cents)::bigint as paid
           from transfers t
          where t.to_account_id = any($1::bigint[]) and t.occurred_on <= $2
          group by 1),
       bills as (
         select d.account_id as id, min(d.day) as occurred_on,
                (-sum(d.net_cents))::bigint as spent_cents, sum(d.entries)::bigint as entries
           from cards c join account_day_totals d on d.account_id = c.id
          where d.entries > 0
          group by d.account_id, card_bill_month(d.day, c.closing_day, c.due_day))
     select c.id, c.name, c.kind, c.closing_day, c.due_day, coalesce(p.paid, 0)::bigint as paid,
            b.occurred_on, b.spent_cents, b.entries
       from cards c
       left join paid p on p.id = c.id
       left join bills b on b.id = c.id`,
    values: [accountIds, today],
  })
  const cards = new Map<number, Card>()
  for (const row of rows) {
    const id = Number(row.id)
    let card = cards.get(id)
    if (!card) {
      const { occurred_on, spent_cents, entries, ...columns } = row
      card = { ...columns, bills: [] }
      cards.set(id, card)
    }
    if (row.occurred_on !== null)
      card.bills.push({
        occurred_on: row.occurred_on,
        spent_cents: Number(row.spent_cents),
        entries: Number(row.entries),
      })
  }
  for (const [id, card] of cards) bills.set(id, invoicesOf(card, today))
  return bills
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
    today,
    lock: true,
  })
  const bill = invoicesOf(card, today).find((b) => b.month === params.month)
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
