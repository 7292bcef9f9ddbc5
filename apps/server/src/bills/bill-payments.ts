import { type Bill, type EntrySource, occurrenceIn, addMonths } from '@equilibrai/shared'
import { type Queryable, NotFoundError } from '../platform/index.ts'
import { type BillChange, getBill, insertBill, updateBill } from './bills.queries.ts'
import { recordEntry } from '../ledger/index.ts'
import type { LedgerRef } from '../tenancy/index.ts'

export class BillNotFoundError extends NotFoundError {
  constructor() {
    super('Conta não encontrada.')
  }
}

/** A monthly bill's next due date after `dueOn`, on its day (31 → last day of short months). */
export function nextDueOn(dueOn: string, dayOfMonth: number | null): string {
  return occurrenceIn(addMonths(dueOn.slice(0, 7), 1), dayOfMonth ?? Number(dueOn.slice(8)))
}

/**
 * Changes a bill (PATCH /api/v1/bills/:id, 'paguei a luz'). Marking a bill paid (paid_on from
 * null to a date):
 * - with `recordAs`, records the expense (bill amount, or the amount said) through recordEntry,
 *   so it counts against the plan's month and triggers budget alerts like any entry;
 * - for a monthly bill, creates next month's unpaid bill (once: previous_bill_id is unique).
 * Runs inside the caller's transaction; the bill row is locked, so two payments at once make
 * one next bill and one entry.
 */
export async function changeBill(
  tx: Queryable,
  p: {
    ledger: LedgerRef
    userId: string
    id: number
    change: BillChange
    recordAs?: {
      source: EntrySource
      amountCents?: number | null
      whatsappMessageId?: string | null
    }
  },
): Promise<{ bill: Bill; entryId: number | null; next: Bill | null }> {
  const current = await getBill(tx, { ledgerId: p.ledger.ledgerId, id: p.id, forUpdate: true })
  if (!current) throw new BillNotFoundError()
  const change: BillChange = { ...p.change }
  const recurrence = change.recurrence ?? current.recurrence
  if (change.recurrence === 'monthly' || (change.due_on && recurrence === 'monthly')) {
    change.day_of_month = Number((change.due_on ?? current.due_on).slice(8))
  }
  const paying = current.paid_on === null && typeof change.paid_on === 'string'
  let entryId: number | null = null
  // Paid, unpaid and paid again: the expense was recorded the first time.
  if (paying && p.recordAs && current.paid_transaction_id === null) {
    const amount = p.recordAs.amountCents ?? change.amount_cents ?? current.amount_cents
    if (amount !== null && amount !== undefined) {
      const { entry } = await recordEntry(tx, {
        ledger: p.ledger,
        userId: p.userId,
        entry: {
          type: 'expense',
          amount_cents: amount,
          description: change.description ?? current.description,
          category: change.category ?? current.category ?? 'contas_casa',
          occurred_on: change.paid_on as string,
        },
        source: p.recordAs.source,
        whatsappMessageId: p.recordAs.whatsappMessageId ?? null,
      })
      entryId = entry.id
      change.paid_transaction_id = entry.id
      if (current.amount_cents === null && change.amount_cents === undefined)
        change.amount_cents = amount
    }
  }
  const bill = await updateBill(tx, { ledgerId: p.ledger.ledgerId, id: p.id, change })
  if (!bill) throw new BillNotFoundError()
  let next: Bill | null = null
  if (paying && bill.recurrence === 'monthly') {
    const exists = await tx.query('select 1 from bills where previous_bill_id = $1', [bill.id])
    if (exists.rowCount === 0) {
      next = await insertBill(tx, {
        ledgerId: p.ledger.ledgerId,
        createdBy: p.userId,
        description: bill.description,
        amountCents: current.amount_cents ?? null,
        category: bill.category,
        dueOn: nextDueOn(bill.due_on, change.day_of_month ?? current.day_of_month),
        recurrence: 'monthly',
        dayOfMonth: change.day_of_month ?? current.day_of_month,
        previousBillId: bill.id,
      })
    }
  }
  return { bill, entryId, next }
}
