import type { EntryUsage } from '@equilibrai/shared'
import type { Queryable } from '../db/transaction.ts'
import { LimitReachedError } from './errors.ts'

/*
 * The plan's monthly entry limit (ARCHITECTURE §6), kept in subscribers.monthly_transactions
 * for subscribers.counter_month.
 *
 * Rules:
 * - The month is São Paulo's calendar month on the database's clock at the moment the entry
 *   is recorded (transactions.created_at), so every instance agrees and the month never goes
 *   backwards. The entry's own date (occurred_on) does not matter: recording last month's
 *   receipt today uses today's month.
 * - Deleting an entry (undo, 'apagar 3', the web's delete) gives its slot back when it was
 *   recorded in the counter's month. A mistyped message undone at once must not cost a free
 *   user one of the five entries. The counter therefore always equals the number of entries in
 *   the ledger recorded this month, which tests check; and nobody keeps more than five of
 *   this month's entries on the free plan.
 * - Every plan counts (the dashboard shows used / ∞); only limited plans refuse.
 * - Claiming is one conditional UPDATE on the subscriber's row, in the same database
 *   transaction as the INSERT: the row lock serialises concurrent entries of one ledger, the
 *   condition is re-checked on the locked row, and a failed INSERT rolls the claim back.
 */

const SP_MONTH_NOW = `to_char(now() at time zone 'America/Sao_Paulo', 'YYYY-MM')`

/** This month's count after a claim, and the plan's limit (-1: none). */
export type SlotUsage = { used: number; limit: number }

/** Takes one entry slot of the owner's month, or throws LimitReachedError. */
export async function claimEntrySlot(
  db: Queryable,
  { ownerId }: { ownerId: string },
): Promise<SlotUsage> {
  const { rows } = await db.query<SlotUsage>(
    `update subscribers s
        set monthly_transactions =
              case when s.counter_month >= m.month then s.monthly_transactions + 1 else 1 end,
            counter_month = greatest(s.counter_month, m.month),
            updated_at = now()
       from plan_features p, (select ${SP_MONTH_NOW} as month) m
      where s.user_id = $1
        and p.plan_type = s.plan_type
        and (p.max_monthly_transactions = -1
             or s.counter_month < m.month
             or s.monthly_transactions < p.max_monthly_transactions)
      returning s.monthly_transactions as used, p.max_monthly_transactions as limit`,
    [ownerId],
  )
  const row = rows[0]
  if (row) return row
  const usage = await getUsage(db, { ownerId })
  throw new LimitReachedError(usage.limit, usage.plan_name)
}

/** Gives back the slot of an entry recorded at `createdAt`, when that was this counter's month. */
export async function releaseEntrySlot(
  db: Queryable,
  { ownerId, createdAt }: { ownerId: string; createdAt: Date | string },
): Promise<void> {
  await db.query(
    `update subscribers
        set monthly_transactions = monthly_transactions - 1, updated_at = now()
      where user_id = $1
        and monthly_transactions > 0
        and counter_month = to_char($2::timestamptz at time zone 'America/Sao_Paulo', 'YYYY-MM')`,
    [ownerId, createdAt],
  )
}

/** Entries recorded this month and the plan's limit (a stale counter reads as 0). */
export async function getUsage(
  db: Queryable,
  { ownerId }: { ownerId: string },
): Promise<EntryUsage> {
  const { rows } = await db.query<EntryUsage>(
    `select m.month,
            case when s.counter_month = m.month then s.monthly_transactions else 0 end as used,
            p.max_monthly_transactions as limit,
            p.plan_type, p.name as plan_name
       from subscribers s
       join plan_features p on p.plan_type = s.plan_type,
            (select ${SP_MONTH_NOW} as month) m
      where s.user_id = $1`,
    [ownerId],
  )
  const row = rows[0]
  if (!row) throw new Error(`no subscribers row for ${ownerId}`)
  return row
}

/**
 * claimEntrySlot for many entries of many owners at once (the recurring_entries run): locks
 * the owners' rows in user id order, grants each owner what the plan still allows of what it
 * asks (`wanted`), and returns the grants. The same rules as one claim; one statement each way.
 */
export async function claimEntrySlots(
  db: Queryable,
  wanted: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const owners = [...wanted.keys()].sort()
  const granted = new Map<string, number>()
  if (owners.length === 0) return granted
  const { rows } = await db.query<{ user_id: string; used: number; limit: number }>(
    `select s.user_id,
            case when s.counter_month >= m.month then s.monthly_transactions else 0 end as used,
            p.max_monthly_transactions as limit
       from subscribers s join plan_features p on p.plan_type = s.plan_type,
            (select ${SP_MONTH_NOW} as month) m
      where s.user_id = any($1::text[])
      order by s.user_id
        for update of s`,
    [owners],
  )
  for (const row of rows) {
    const want = wanted.get(row.user_id) ?? 0
    const room = row.limit === -1 ? want : Math.max(0, Math.min(want, row.limit - row.used))
    granted.set(row.user_id, room)
  }
  const ids = [...granted.keys()].filter((id) => (granted.get(id) ?? 0) > 0)
  if (ids.length > 0) {
    await db.query(
      `update subscribers s
          set monthly_transactions =
                case when s.counter_month >= m.month then s.monthly_transactions else 0 end + g.n,
              counter_month = greatest(s.counter_month, m.month),
              updated_at = now()
         from unnest($1::text[], $2::int[]) as g(user_id, n), (select ${SP_MONTH_NOW} as month) m
        where s.user_id = g.user_id`,
      [ids, ids.map((id) => granted.get(id) ?? 0)],
    )
  }
  return granted
}
