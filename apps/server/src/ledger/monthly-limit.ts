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
 *   Many entries at once (a batch of WhatsApp messages, the recurring run, imports) claim with
 *   claimSlots: one statement that locks the owners' rows in user id order, then one INSERT.
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

/** What one owner was granted by claimSlots: `used` is the count before the grant. */
export type SlotGrant = { granted: number; used: number; limit: number; planName: string }

/**
 * claimEntrySlot for many entries of many owners at once, in ONE statement (the recurring run,
 * imports, a batch of WhatsApp messages: ADR 024, 2026-11-26 late): locks the owners' rows in
 * user id order (two claims over the same owners cannot deadlock), grants each owner what the
 * plan still allows of what it asks (`wanted`), adds the grants to the counters and returns,
 * per owner, the grant, the count before it, the plan's limit and its name (for the limit's
 * reply). The same rules as one claim: a counter turning to a new month starts at the
 * installments already dated in it. An owner granted 0 is left unchanged.
 *
 * The update reads the count the locking read computed (a turning counter's installments
 * counted once), and the locked row is the latest version, so it adds to the true count.
 */
export async function claimSlots(
  db: Queryable,
  wanted: ReadonlyMap<string, number>,
): Promise<Map<string, SlotGrant>> {
  const owners = [...wanted.keys()].sort()
  const grants = new Map<string, SlotGrant>()
  if (owners.length === 0) return grants
  const { rows } = await db.query<SlotGrant & { user_id: string }>(
    `with m as (select ${SP_MONTH_NOW} as month),
          s as (
            select s.user_id, p.max_monthly_transactions as "limit", p.name as plan_name,
                   case when s.counter_month >= m.month then s.monthly_transactions
                        else ${scheduledIn('m.month', 's.user_id')} end as used
              from subscribers s join plan_features p on p.plan_type = s.plan_type, m
             where s.user_id = any($1::text[])
             order by s.user_id
               for update of s),
          g as (
            select s.*,
                   case when s."limit" = -1 then w.n
                        else greatest(0, least(w.n, s."limit" - s.used)) end as granted
              from s join unnest($1::text[], $2::int[]) as w(user_id, n) using (user_id)),
          u as (
            update subscribers t
               set monthly_transactions = g.used + g.granted,
                   counter_month = greatest(t.counter_month, m.month),
                   updated_at = now()
              from g, m
             where t.user_id = g.user_id and g.granted > 0
            returning t.user_id)
     select g.user_id, g.granted, g.used, g."limit", g.plan_name as "planName"
       from g`,
    [owners, owners.map((o) => wanted.get(o) ?? 0)],
  )
  for (const { user_id, ...grant } of rows) grants.set(user_id, grant)
  return grants
}

/** claimSlots' grants alone (the recurring run, imports). */
export async function claimEntrySlots(
  db: Queryable,
  wanted: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const grants = await claimSlots(db, wanted)
  return new Map([...grants].map(([owner, g]) => [owner, g.granted]))
}
