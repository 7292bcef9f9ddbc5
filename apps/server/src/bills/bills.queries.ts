import type { Bill, BillRecurrence, Category } from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'

export type { Bill }

/** The API's columns, in its order (dates as `YYYY-MM-DD`). */
const COLUMNS = `id, description, amount_cents, category, to_char(due_on, 'YYYY-MM-DD') as due_on,
  recurrence, to_char(paid_on, 'YYYY-MM-DD') as paid_on`

type Row = Omit<Bill, 'amount_cents'> & { amount_cents: string | number | null }
const toBill = (r: Row): Bill => ({
  ...r,
  amount_cents: r.amount_cents === null ? null : Number(r.amount_cents),
})

export async function insertBill(
  db: Queryable,
  params: {
    ledgerId: number
    createdBy: string
    description: string
    amountCents: number | null
    category: Category | null
    dueOn: string
    recurrence?: BillRecurrence
    /** A monthly bill's day (31 stays 31 after a short month); defaults to due_on's day. */
    dayOfMonth?: number | null
    paidOn?: string | null
    whatsappMessageId?: string | null
    previousBillId?: number | null
  },
): Promise<Bill> {
  const recurrence = params.recurrence ?? 'none'
  const day = recurrence === 'monthly' ? (params.dayOfMonth ?? Number(params.dueOn.slice(8))) : null
  const { rows } = await db.query<Row>(
    `insert into bills (ledger_id, created_by, description, amount_cents, category, due_on,
                        recurrence, day_of_month, paid_on, whatsapp_message_id, previous_bill_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     returning ${COLUMNS}`,
    [
      params.ledgerId,
      params.createdBy,
      params.description,
      params.amountCents,
      params.category,
      params.dueOn,
      recurrence,
      day,
      params.paidOn ?? null,
      params.whatsappMessageId ?? null,
      params.previousBillId ?? null,
    ],
  )
  return toBill(rows[0] as Row)
}

/** A bill with what only the server needs: its monthly day, the entry its payment recorded. */
export type StoredBill = Bill & { day_of_month: number | null; paid_transaction_id: number | null }

export async function getBill(
  db: Queryable,
  { ledgerId, id, forUpdate = false }: { ledgerId: number; id: number; forUpdate?: boolean },
): Promise<StoredBill | null> {
  const { rows } = await db.query<Row & Omit<StoredBill, keyof Bill>>(
    `select ${COLUMNS}, day_of_month, paid_transaction_id from bills
      where ledger_id = $1 and id = $2 ${forUpdate ? 'for update' : ''}`,
    [ledgerId, id],
  )
  const row = rows[0]
  return row
    ? {
        ...toBill(row),
        day_of_month: row.day_of_month,
        paid_transaction_id: row.paid_transaction_id,
      }
    : null
}

/**
 * The bills page: unpaid ones first by due date, then the paid ones most recent first.
 * `from`/`to` limit by due date ('contas': the next 30 days plus anything overdue).
 */
export async function listBills(
  db: Queryable,
  params: { ledgerId: number; unpaidOnly?: boolean; dueBefore?: string; limit?: number },
): Promise<Bill[]> {
  const where = ['ledger_id = $1']
  const values: unknown[] = [params.ledgerId]
  if (params.unpaidOnly) where.push('paid_on is null')
  if (params.dueBefore) {
    values.push(params.dueBefore)
    where.push(`due_on <= $${values.length}`)
  }
  values.push(params.limit ?? 200)
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from bills where ${where.join(' and ')}
      order by paid_on is not null, case when paid_on is null then due_on end,
               paid_on desc, due_on desc, id
      limit $${values.length}`,
    values,
  )
  return rows.map(toBill)
}

export type BillChange = {
  description?: string
  amount_cents?: number | null
  category?: Category | null
  due_on?: string
  recurrence?: BillRecurrence
  paid_on?: string | null
  paid_transaction_id?: number | null
  day_of_month?: number | null
}

export async function updateBill(
  db: Queryable,
  { ledgerId, id, change }: { ledgerId: number; id: number; change: BillChange },
): Promise<Bill | null> {
  const sets: string[] = []
  const values: unknown[] = [ledgerId, id]
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined) continue
    values.push(value)
    sets.push(`${key} = $${values.length}`)
  }
  sets.push('updated_at = now()')
  const { rows } = await db.query<Row>(
    `update bills set ${sets.join(', ')} where ledger_id = $1 and id = $2 returning ${COLUMNS}`,
    values,
  )
  const row = rows[0]
  return row ? toBill(row) : null
}

export async function deleteBill(
  db: Queryable,
  { ledgerId, id }: { ledgerId: number; id: number },
): Promise<boolean> {
  const { rowCount } = await db.query('delete from bills where ledger_id = $1 and id = $2', [
    ledgerId,
    id,
  ])
  return (rowCount ?? 0) > 0
}

/** Unpaid bills of a ledger, oldest due first, for 'paguei a luz' to pick from. */
export async function unpaidBills(
  db: Queryable,
  { ledgerId }: { ledgerId: number },
): Promise<(Bill & { day_of_month: number | null })[]> {
  const { rows } = await db.query<Row & { day_of_month: number | null }>(
    `select ${COLUMNS}, day_of_month from bills
      where ledger_id = $1 and paid_on is null order by due_on, id limit 200`,
    [ledgerId],
  )
  return rows.map((r) => ({ ...toBill(r), day_of_month: r.day_of_month }))
}
