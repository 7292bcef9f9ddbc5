import type { Category } from '@equilibrai/shared'
import type { Queryable } from '../db/transaction.ts'

export type Bill = {
  id: number
  description: string
  amount_cents: number | null
  category: Category | null
  due_on: string
  notified_at: Date | null
}

const COLUMNS = 'id, description, amount_cents, category, due_on, notified_at'

export async function insertBill(
  db: Queryable,
  params: {
    ledgerId: number
    createdBy: string
    description: string
    amountCents: number | null
    category: Category | null
    dueOn: string
    whatsappMessageId?: string | null
  },
): Promise<Bill> {
  const { rows } = await db.query<Bill>(
    `insert into bills (ledger_id, created_by, description, amount_cents, category, due_on,
                        whatsapp_message_id)
     values ($1, $2, $3, $4, $5, $6, $7)
     returning ${COLUMNS}`,
    [
      params.ledgerId,
      params.createdBy,
      params.description,
      params.amountCents,
      params.category,
      params.dueOn,
      params.whatsappMessageId ?? null,
    ],
  )
  return rows[0] as Bill
}

/** Bills due from `from` on, soonest first (the reminders and 'contas a pagar'). */
export async function upcomingBills(
  db: Queryable,
  { ledgerId, from, limit = 20 }: { ledgerId: number; from: string; limit?: number },
): Promise<Bill[]> {
  const { rows } = await db.query<Bill>(
    `select ${COLUMNS} from bills where ledger_id = $1 and due_on >= $2
      order by due_on, id limit $3`,
    [ledgerId, from, limit],
  )
  return rows
}
