import { monthRange, type Transaction } from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'

/*
 * Entries in date order (oldest first), for the statement and the CSV: keyset pages over the
 * (ledger, day, id) index, so a long range never holds one huge result in memory.
 */

/** An entry with its account's name (the CSV's "Conta" column). */
export type EntryWithAccount = Transaction & { account_name: string }
type Row = Omit<EntryWithAccount, 'created_at'> & { created_at: Date }
export type EntryPosition = { occurredOn: string; id: number }

export async function entriesPage(
  db: Queryable,
  params: {
    ledgerId: number
    from?: string | undefined
    to?: string | undefined
    after?: EntryPosition | null
    limit: number
  },
): Promise<EntryWithAccount[]> {
  const where = ['t.ledger_id = $1']
  const values: unknown[] = [params.ledgerId]
  if (params.from) {
    values.push(params.from)
    where.push(`t.occurred_on >= $${values.length}::date`)
  }
  if (params.to) {
    values.push(params.to)
    where.push(`t.occurred_on <= $${values.length}::date`)
  }
  if (params.after) {
    values.push(params.after.occurredOn, params.after.id)
    where.push(`(t.occurred_on, t.id) > ($${values.length - 1}::date, $${values.length}::bigint)`)
  }
  values.push(params.limit)
  const { rows } = await db.query<Row>(
    `select t.id, t.type, t.amount_cents, t.description, t.category, t.occurred_on, t.created_at,
            t.source, t.account_id, a.name as account_name
       from transactions t
       left join accounts a on a.id = t.account_id
      where ${where.join(' and ')}
      order by t.occurred_on, t.id
      limit $${values.length}`,
    values,
  )
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }))
}

/** Every entry of the range, a page at a time. */
export async function* entriesInRange(
  db: Queryable,
  params: {
    ledgerId: number
    from?: string | undefined
    to?: string | undefined
    pageSize?: number
  },
): AsyncGenerator<EntryWithAccount[]> {
  const limit = params.pageSize ?? 2_000
  let after: EntryPosition | null = null
  for (;;) {
    const page = await entriesPage(db, { ...params, after, limit })
    if (page.length > 0) yield page
    const last = page.at(-1)
    if (page.length < limit || !last) return
    after = { occurredOn: last.occurred_on, id: last.id }
  }
}

/** The first `limit` entries of a month, oldest first (the PDF statement). */
export function monthEntries(
  db: Queryable,
  { ledgerId, month, limit }: { ledgerId: number; month: string; limit: number },
): Promise<Transaction[]> {
  return entriesPage(db, { ledgerId, ...monthRange(month), limit })
}

/** A transfer with its accounts' names, for the CSV (never an entry: no category, no type). */
export type TransferRow = {
  id: number
  occurred_on: string
  amount_cents: number
  description: string
  from_name: string
  to_name: string
}

/** The range's transfers in date order (oldest first), a keyset page at a time. */
export async function* transfersInRange(
  db: Queryable,
  params: { ledgerId: number; from?: string | undefined; to?: string | undefined },
): AsyncGenerator<TransferRow[]> {
  const limit = 2_000
  let after: EntryPosition = { occurredOn: '0001-01-01', id: 0 }
  for (;;) {
    const { rows } = await db.query<TransferRow>(
      `select t.id, t.occurred_on, t.amount_cents, t.description,
              f.name as from_name, d.name as to_name
         from transfers t
         join accounts f on f.id = t.from_account_id
         join accounts d on d.id = t.to_account_id
        where t.ledger_id = $1
          and ($2::date is null or t.occurred_on >= $2::date)
          and ($3::date is null or t.occurred_on <= $3::date)
          and (t.occurred_on, t.id) > ($4::date, $5::bigint)
        order by t.occurred_on, t.id
        limit $6`,
      [params.ledgerId, params.from ?? null, params.to ?? null, after.occurredOn, after.id, limit],
    )
    if (rows.length > 0) yield rows
    const last = rows.at(-1)
    if (rows.length < limit || !last) return
    after = { occurredOn: last.occurred_on, id: Number(last.id) }
  }
}
