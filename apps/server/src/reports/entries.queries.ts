import { monthRange, type Transaction } from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'

/*
 * Entries in date order (oldest first), for the statement and the CSV: keyset pages over the
 * (ledger, day, id) index, so a long range never holds one huge result in memory.
 */

type Row = Omit<Transaction, 'created_at'> & { created_at: Date }
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
): Promise<Transaction[]> {
  const where = ['ledger_id = $1']
  const values: unknown[] = [params.ledgerId]
  if (params.from) {
    values.push(params.from)
    where.push(`occurred_on >= $${values.length}::date`)
  }
  if (params.to) {
    values.push(params.to)
    where.push(`occurred_on <= $${values.length}::date`)
  }
  if (params.after) {
    values.push(params.after.occurredOn, params.after.id)
    where.push(`(occurred_on, id) > ($${values.length - 1}::date, $${values.length}::bigint)`)
  }
  values.push(params.limit)
  const { rows } = await db.query<Row>(
    `select id, type, amount_cents, description, category, occurred_on, created_at, source
       from transactions
      where ${where.join(' and ')}
      order by occurred_on, id
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
): AsyncGenerator<Transaction[]> {
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
