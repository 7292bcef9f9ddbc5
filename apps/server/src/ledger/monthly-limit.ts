import type { EntryUsage } from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'
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
 * - An installment dated in a later month ('TV (2/12)') takes a slot of that month instead,
 *   counted when the month begins and never refused (ADR 012; scheduledIn below).
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

/*
 * Installments (ADR 012): an installment dated in a later month than it was recorded takes a
 * slot of its own month. It is never refused (the debt is already made); when the counter
 * turns to that month it starts at the number of such installments, so they use up the
 * month's free entries first. SCHEDULED counts them for owner $1 and the month expression.
 */
export function scheduledIn(month: string, owner = '$1'): string {
  return `(select count(*)::int from transactions t join ledgers l on l.id = t.ledger_id
      where l.owner_user_id = ${owner}
        and t.installment_count is not null
        and t.occurred_on >= to_date(${month} || '-01', 'YYYY-MM-DD')
        and t.occurred_on < to_date(${month} || '-01', 'YYYY-MM-DD') + interval '1 month'
        and to_char(t.created_at at time zone 'America/Sao_Paulo', 'YYYY-MM') < ${month})`
}

/**
 * The one usage number (the dashboard's and /api/v1/usage's): entries counted this month for
 * subscribers row `s`. A counter left from an earlier month reads as the installments already
 * dated in this month (what the counter will start at when it turns).
 */
export const usedThisMonth = (s: string) =>
  `case when ${s}.counter_month = ${SP_MONTH_NOW} then ${s}.monthly_transactions
        else ${scheduledIn(SP_MONTH_NOW, `${s}.user_id`)} end`

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
              case when s.counter_month >= m.month then s.monthly_transactions + 1
                   else 1 + ${scheduledIn('m.month')} end,
            counter_month = greatest(s.counter_month, m.month),
            updated_at = now()
       from plan_features p, (select ${SP_MONTH_NOW} as month) m
      where s.user_id = $1
        and p.plan_type = s.plan_type
        and (p.max_monthly_transactions = -1
             or case when s.counter_month < m.month
                     then 1 + ${scheduledIn('m.month')} <= p.max_monthly_transactions
                     else s.monthly_transactions < p.max_monthly_transactions end)
      returning s.monthly_transactions as used, p.max_monthly_transactions as limit`,
    [ownerId],
  )
  const row = rows[0]
  if (row) return row
  const usage = await getUsage(db, { ownerId })
  throw new LimitReachedError(usage.limit, usage.plan_name)
}

/**
 * Gives back the slot of entry `id` (call before deleting it), when its slot is this
 * counter's month: the month it was recorded, or for an installment dated later, its own.
 */
export async function releaseEntrySlot(
  db: Queryable,
  { ownerId, ledgerId, id }: { ownerId: string; ledgerId: number; id: number },
): Promise<void> {
  await db.query(
    `update subscribers
        set monthly_transactions = monthly_transactions - 1, updated_at = now()
      where user_id = $1
        and monthly_transactions > 0
        and counter_month = (
          select case when t.installment_count is null then r.month
                      else greatest(r.month, to_char(t.occurred_on, 'YYYY-MM')) end
            from transactions t,
                 lateral (select to_char(t.created_at at time zone 'America/Sao_Paulo', 'YYYY-MM')
                            as month) r
           where t.ledger_id = $2 and t.id = $3)`,
    [ownerId, ledgerId, id],
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

/** getUsage for many owners at once (one statement), keyed by owner. */
export async function getUsages(
  db: Queryable,
  { ownerIds }: { ownerIds: readonly string[] },
): Promise<Map<string, EntryUsage>> {
  const usages = new Map<string, EntryUsage>()
  if (ownerIds.length === 0) return usages
  const { rows } = await db.query<EntryUsage & { user_id: string }>(
    `select s.user_id, m.month, ${usedThisMonth('s')} as used,
            p.max_monthly_transactions as limit,
            p.plan_type, p.name as plan_name
       from subscribers s
       join plan_features p on p.plan_type = s.plan_type,
            (select ${SP_MONTH_NOW} as month) m
      where s.user_id = any($1::text[])`,
    [[...new Set(ownerIds)]],
  )
  for (const { user_id, ...usage } of rows) usages.set(user_id, usage)
  return usages
}

/**
 * claimEntrySlot for many entries of many owners at once (the recurring_entries run): locks
 * the owners' rows in user id order, grants each owner what the plan still allows of what it
 * asks (`wanted`), and returns the grants. The same rules as one claim; one statement each way:
 * a counter turning to a new month starts, here too, at the installments already dated in it.
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
            case when s.counter_month >= m.month then s.monthly_transactions
                 else ${scheduledIn('m.month', 's.user_id')} end as used,
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
  // The rows are locked since the read: the count read there (a turning counter's installments
  // counted once) is still the count, so the update adds to it rather than counting again.
  const used = new Map(rows.map((r) => [r.user_id, r.used]))
  const ids = [...granted.keys()].filter((id) => (granted.get(id) ?? 0) > 0)
  if (ids.length > 0) {
    await db.query(
      `update subscribers s
          set monthly_transactions = g.used + g.n,
              counter_month = greatest(s.counter_month, m.month),
              updated_at = now()
         from unnest($1::text[], $2::int[], $3::int[]) as g(user_id, n, used),
              (select ${SP_MONTH_NOW} as month) m
        where s.user_id = g.user_id`,
      [ids, ids.map((id) => granted.get(id) ?? 0), ids.map((id) => used.get(id) ?? 0)],
    )
  }
  return granted
}
