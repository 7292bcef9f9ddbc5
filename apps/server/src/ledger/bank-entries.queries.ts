import type { Category, EntrySource } from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'

/*
 * Entries that come from a bank connection (Open Finance, ARCHITECTURE §11): written in batches
 * (a first sync may bring thousands), already seen in the bank (bank_seen_at), so statement
 * matching never takes them for typed entries. Like imported entries they skip the per-entry
 * hooks (alerts): they describe the past.
 */

export type BankEntry = {
  type: 'income' | 'expense'
  amount_cents: number
  description: string
  category: Category
  occurred_on: string
  account_id: number
}

/** Inserts the entries in the order given; returns their ids in that order. */
export async function insertBankEntries(
  db: Queryable,
  p: {
    ledgerId: number
    createdBy: string | null
    source: EntrySource
    entries: readonly BankEntry[]
  },
): Promise<number[]> {
  if (p.entries.length === 0) return []
  const { rows } = await db.query<{ id: string }>(
    `with x as (
       select * from unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::date[],
                            $6::bigint[]) with ordinality
                as x(type, amount_cents, description, category, occurred_on, account_id, ord)),
     ins as (
       insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                                 occurred_on, source, account_id, bank_seen_at)
       select $7, $8, type, amount_cents, description, category, occurred_on, $9, account_id, now()
         from x order by ord
       returning id)
     select id from ins order by id`,
    [
      p.entries.map((e) => e.type),
      p.entries.map((e) => e.amount_cents),
      p.entries.map((e) => e.description),
      p.entries.map((e) => e.category),
      p.entries.map((e) => e.occurred_on),
      p.entries.map((e) => e.account_id),
      p.ledgerId,
      p.createdBy,
      p.source,
    ],
  )
  return rows.map((r) => Number(r.id))
}

/** The bank changed transactions: their entries follow (amount, type, date, description). */
export async function updateBankEntries(
  db: Queryable,
  p: {
    ledgerId: number
    changes: readonly {
      transactionId: number
      entry: Omit<BankEntry, 'category' | 'account_id'>
    }[]
  },
): Promise<void> {
  if (p.changes.length === 0) return
  await db.query(
    `update transactions t
        set type = u.type, amount_cents = u.amount_cents, description = u.description,
            occurred_on = u.occurred_on
       from unnest($2::bigint[], $3::text[], $4::bigint[], $5::text[], $6::date[])
            as u(id, type, amount_cents, description, occurred_on)
      where t.ledger_id = $1 and t.id = u.id`,
    [
      p.ledgerId,
      p.changes.map((c) => c.transactionId),
      p.changes.map((c) => c.entry.type),
      p.changes.map((c) => c.entry.amount_cents),
      p.changes.map((c) => c.entry.description),
      p.changes.map((c) => c.entry.occurred_on),
    ],
  )
}

/** Deletes entries a connection created (never called with typed entries). */
export async function deleteBankEntries(
  db: Queryable,
  { ledgerId, ids }: { ledgerId: number; ids: readonly number[] },
): Promise<number> {
  if (ids.length === 0) return 0
  const { rowCount } = await db.query(
    'delete from transactions where ledger_id = $1 and id = any($2::bigint[])',
    [ledgerId, ids],
  )
  return rowCount ?? 0
}

/** A typed entry no longer matched by a bank transaction (deleted at the bank). */
export async function unmarkBankSeen(
  db: Queryable,
  { ledgerId, ids }: { ledgerId: number; ids: readonly number[] },
): Promise<void> {
  if (ids.length === 0) return
  await db.query(
    'update transactions set bank_seen_at = null where ledger_id = $1 and id = any($2::bigint[])',
    [ledgerId, ids],
  )
}

/** Typed entries the bank showed: marked seen so nothing else matches them again. */
export async function markBankSeen(
  db: Queryable,
  { ledgerId, ids }: { ledgerId: number; ids: readonly number[] },
): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const { rows } = await db.query<{ id: string }>(
    `update transactions set bank_seen_at = now()
      where ledger_id = $1 and id = any($2::bigint[]) and bank_seen_at is null returning id`,
    [ledgerId, ids],
  )
  return new Set(rows.map((r) => Number(r.id)))
}
