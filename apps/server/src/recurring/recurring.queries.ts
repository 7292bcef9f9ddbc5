import type { Recurring, RecurringInput } from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'

const COLUMNS = `r.id, r.type, r.amount_cents, r.description, r.category, r.day_of_month,
  to_char(r.next_on, 'YYYY-MM-DD') as next_on,
  (select to_char(max(o.occurs_on), 'YYYY-MM-DD') from recurring_occurrences o
    where o.recurring_id = r.id and o.status = 'refused') as last_refused_on`

type Row = Omit<Recurring, 'amount_cents'> & { amount_cents: string | number }
const toRecurring = (r: Row): Recurring => ({ ...r, amount_cents: Number(r.amount_cents) })

export async function insertRecurring(
  db: Queryable,
  p: {
    ledgerId: number
    createdBy: string
    input: RecurringInput
    nextOn: string
    source: 'whatsapp' | 'web' | 'api'
  },
): Promise<Recurring> {
  const { rows } = await db.query<{ id: number }>(
    `insert into recurring_entries
       (ledger_id, created_by, type, amount_cents, description, category, day_of_month, next_on, source)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [
      p.ledgerId,
      p.createdBy,
      p.input.type,
      p.input.amount_cents,
      p.input.description,
      p.input.category,
      p.input.day_of_month,
      p.nextOn,
      p.source,
    ],
  )
  const created = await getRecurring(db, {
    ledgerId: p.ledgerId,
    id: (rows[0] as { id: number }).id,
  })
  if (!created) throw new Error('recurring entry was not saved')
  return created
}

export async function getRecurring(
  db: Queryable,
  { ledgerId, id }: { ledgerId: number; id: number },
): Promise<Recurring | null> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from recurring_entries r
      where r.ledger_id = $1 and r.id = $2 and r.cancelled_at is null`,
    [ledgerId, id],
  )
  const row = rows[0]
  return row ? toRecurring(row) : null
}

/** The ledger's active recurring entries, oldest first (the numbering 'cancelar recorrente N' uses). */
export async function listRecurring(
  db: Queryable,
  { ledgerId }: { ledgerId: number },
): Promise<Recurring[]> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from recurring_entries r
      where r.ledger_id = $1 and r.cancelled_at is null order by r.id limit 200`,
    [ledgerId],
  )
  return rows.map(toRecurring)
}

/** Cancels one: nothing more is recorded; the entries it made stay. */
export async function cancelRecurring(
  db: Queryable,
  { ledgerId, id }: { ledgerId: number; id: number },
): Promise<Recurring | null> {
  const current = await getRecurring(db, { ledgerId, id })
  if (!current) return null
  await db.query(
    'update recurring_entries set cancelled_at = now() where ledger_id = $1 and id = $2 and cancelled_at is null',
    [ledgerId, id],
  )
  return current
}
