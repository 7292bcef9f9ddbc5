import type { Queryable } from '../platform/index.ts'

/*
 * Entries recorded together (migration 010): the items of one message and the installments
 * of one purchase share entry_group, so 'desfazer' and 'cancelar parcelas' find them.
 */

/** The group of entry `id`, or null when it was recorded alone. */
export async function groupOf(
  db: Queryable,
  { ledgerId, id }: { ledgerId: number; id: number },
): Promise<string | null> {
  const { rows } = await db.query<{ entry_group: string | null }>(
    'select entry_group from transactions where ledger_id = $1 and id = $2',
    [ledgerId, id],
  )
  return rows[0]?.entry_group ?? null
}

/** The ids of a group's entries, in the order they were recorded. */
export async function groupEntryIds(
  db: Queryable,
  { ledgerId, group }: { ledgerId: number; group: string },
): Promise<number[]> {
  const { rows } = await db.query<{ id: string | number }>(
    'select id from transactions where ledger_id = $1 and entry_group = $2 order by id',
    [ledgerId, group],
  )
  return rows.map((r) => Number(r.id))
}

/** The last purchase in installments this person recorded: its group and its first label. */
export async function lastInstallmentGroup(
  db: Queryable,
  { ledgerId, userId }: { ledgerId: number; userId: string },
): Promise<{ group: string; description: string } | null> {
  const { rows } = await db.query<{ entry_group: string; description: string }>(
    `select entry_group, description from transactions
      where ledger_id = $1 and created_by = $2 and installment_count is not null
      order by id desc limit 1`,
    [ledgerId, userId],
  )
  const row = rows[0]
  return row ? { group: row.entry_group, description: row.description } : null
}

/** The group's installments dated after `day` (not yet due), in order. */
export async function futureInstallmentIds(
  db: Queryable,
  { ledgerId, group, after }: { ledgerId: number; group: string; after: string },
): Promise<number[]> {
  const { rows } = await db.query<{ id: string | number }>(
    `select id from transactions
      where ledger_id = $1 and entry_group = $2 and installment_count is not null
        and occurred_on > $3::date
      order by installment_number`,
    [ledgerId, group, after],
  )
  return rows.map((r) => Number(r.id))
}

/** The other installments of the purchase entry `id` belongs to (empty for any other entry). */
export async function otherInstallmentIds(
  db: Queryable,
  { ledgerId, id }: { ledgerId: number; id: number },
): Promise<number[]> {
  const { rows } = await db.query<{ id: string | number }>(
    `select o.id from transactions t
       join transactions o on o.ledger_id = t.ledger_id and o.entry_group = t.entry_group
      where t.ledger_id = $1 and t.id = $2 and t.installment_count is not null and o.id <> t.id
      order by o.installment_number`,
    [ledgerId, id],
  )
  return rows.map((r) => Number(r.id))
}
