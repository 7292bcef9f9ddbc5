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

/**
 * The month every count reads and writes: São Paulo's calendar month on the DATABASE's clock
 * (one clock for every instance, the claim, the reads and the reset). `instant` is SQL; a
 * parameter (`$1::timestamptz`) lets tests pick the moment.
 */
export const spMonthAt = (instant: string) =>
  `to_char((${instant}) at time zone 'America/Sao_Paulo', 'YYYY-MM')`
const SP_MONTH_NOW = spMonthAt('now()')

/** The count of subscribers row `s` for this month: a counter left from an earlier month reads 0. */
export const usedThisMonth = (s: string) =>
  `case when ${s}.counter_month = ${SP_MONTH_NOW} then ${s}.monthly_transactions else 0 end`

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
    `select m.month, ${usedThisMonth('s')} as used,
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
