import {
  addMonths,
  type Category,
  type EntrySource,
  type EntryType,
  type Transaction,
  occurrenceIn,
  saoPauloDate,
} from '@equilibrai/shared'
import { planningReplies } from '@equilibrai/assistant'
import {
  addJob,
  type Db,
  type Env,
  inLanes,
  sumLanes,
  type Queryable,
  withTransaction,
} from '../platform/index.ts'
import { checkBudgetAlertsOf } from '../alerts/index.ts'
import { claimEntrySlots, getUsages, insertEntries, LimitReachedError } from '../ledger/index.ts'
import { emitWebhookEvent } from '../events/index.ts'
import { notifyUser, templateMessage } from '../messaging/index.ts'
import { recurringRefusedJob } from './recurring.jobs.ts'

/*
 * The recurring_entries task (daily; ARCHITECTURE §3 and §8): records every occurrence whose
 * day has come (São Paulo calendar) as an ordinary entry — counted against the plan's monthly
 * limit (claimEntrySlots, the rules of claimEntrySlot) and checked against budgets like any
 * other entry. Set-based (ADR 027): a page of BATCH_SIZE recurring entries per transaction costs
 * a fixed handful of statements, whatever its size, in each of the run's lanes at once — the due rows (keyset on id, locked), the
 * occurrences already stored, the slots (two), one INSERT of every entry, one statement storing
 * the occurrences and moving next_on, the webhook listeners, the budgets (one read, one INSERT
 * of alerts and their delivery jobs) and, when the limit refused some, their usage and one job
 * telling them — never a statement per entry.
 *
 * - Idempotent per occurrence: recurring_occurrences' primary key (recurring, day) is written in
 *   the same transaction as the entry and the move of next_on (a batch of rows per
 *   transaction), so a rerun, a retried job or a run after a kill -9 records nothing twice, and
 *   whatever was not committed is done by the next run.
 * - Days 29–31 fall on the last day of shorter months (31 → 28/02 → 31/03).
 * - Catching up: after downtime every missed day is recorded, oldest first, with its own date.
 * - Refused by the plan's limit: the occurrence is stored as 'refused' (shown on the web as
 *   last_refused_on) and the person gets a WhatsApp message saying so (recurringRefusedJob,
 *   queued in the same transaction); it is not retried.
 */

/**
 * Recurring entries per transaction: big enough that the fixed statements of a batch cost
 * little per entry, small enough that every statement stays far below the statement timeout
 * and a batch's locks are short.
 */
const BATCH_SIZE = 1000

type Due = {
  id: number
  ledger_id: number
  owner_id: string
  created_by: string | null
  type: EntryType
  amount_cents: string
  description: string
  category: Category
  day_of_month: number
  next_on: string
  source: EntrySource
}

export type RecurringRun = { recorded: number; refused: number }

/** The occurrence after `on` for day `day`: same day next month, clamped to its length. */
export function occurrenceAfter(on: string, day: number): string {
  return occurrenceIn(addMonths(on.slice(0, 7), 1), day)
}

export async function runRecurringEntries(db: Db, env: Env, now: Date): Promise<RecurringRun> {
  const today = saoPauloDate(now)
  // Each lane its own ledgers (platform/jobs/run-lanes.ts): their rows, owners and totals are
  // never another lane's, so the lanes' transactions do not wait on each other.
  const runs = await inLanes(async (lane, lanes) => {
    const run: RecurringRun = { recorded: 0, refused: 0 }
    // In id order from where the last batch ended: processed rows are not due any more, but an
    // index scan from the start would still walk past them (and their dead versions) every batch.
    let afterId = 0
    for (;;) {
      // A batch per transaction: its rows are locked (a concurrent run skips them, and finds them
      // not due any more once this one commits), and every occurrence, entry, slot and next_on of
      // the batch commit together or not at all.
      const done = await withTransaction(db, async (tx) => {
        const { rows } = await tx.query<Due>({
          name: 'recurring-run-due',
          text: `select r.id, r.ledger_id, l.owner_user_id as owner_id, r.created_by, r.type,
                  r.amount_cents, r.description, r.category, r.day_of_month,
                  to_char(r.next_on, 'YYYY-MM-DD') as next_on, r.source
             from recurring_entries r join ledgers l on l.id = r.ledger_id
            where r.cancelled_at is null and r.next_on <= $1 and r.id > $3
              and r.ledger_id % $4 = $5
            order by r.id limit $2
            for update of r skip locked`,
          values: [today, BATCH_SIZE, afterId, lanes, lane],
        })
        afterId = rows.at(-1)?.id ?? afterId
        await recordBatch(tx, env, rows, today, run)
        return rows.length < BATCH_SIZE
      })
      if (done) return run
    }
  })
  return sumLanes(runs)
}

type Occurrence = { due: Due; on: string }

async function recordBatch(
  tx: Queryable,
  env: Env,
  rows: readonly Due[],
  today: string,
  run: RecurringRun,
): Promise<void> {
  if (rows.length === 0) return
  // Every occurrence up to today, oldest first (catching up after downtime), and next_on after.
  const all: Occurrence[] = []
  const nextOn: string[] = []
  for (const due of rows) {
    let on = due.next_on
    while (on <= today) {
      all.push({ due, on })
      on = occurrenceAfter(on, due.day_of_month)
    }
    nextOn.push(on)
  }
  // An occurrence already stored by an earlier run is not done again. (The rows are locked and
  // were still due, so none should exist; the occurrences' primary key below is the backstop:
  // a conflict there rolls the whole batch back rather than record anything twice.)
  const { rows: existing } = await tx.query<{ recurring_id: number; occurs_on: string }>({
    name: 'recurring-run-existing',
    text: `select o.recurring_id, to_char(o.occurs_on, 'YYYY-MM-DD') as occurs_on
       from recurring_occurrences o
      where o.recurring_id = any($1::bigint[]) and o.occurs_on >= $2::date`,
    values: [rows.map((r) => r.id), all.reduce((min, o) => (o.on < min ? o.on : min), today)],
  })
  const done = new Set(existing.map((c) => `${c.recurring_id}:${c.occurs_on}`))
  const todo = all.filter((o) => !done.has(`${o.due.id}:${o.on}`))

  // The plan's monthly limit, for every owner of the batch at once (ledger/monthly-limit.ts).
  const wanted = new Map<string, number>()
  for (const o of todo) wanted.set(o.due.owner_id, (wanted.get(o.due.owner_id) ?? 0) + 1)
  const granted = await claimEntrySlots(tx, wanted)
  const recorded: Occurrence[] = []
  const refused: Occurrence[] = []
  for (const o of todo) {
    const left = granted.get(o.due.owner_id) ?? 0
    if (left > 0) {
      granted.set(o.due.owner_id, left - 1)
      recorded.push(o)
    } else refused.push(o)
  }

  const entries = await insertEntries(
    tx,
    recorded.map(({ due, on }) => ({
      ledgerId: due.ledger_id,
      createdBy: due.created_by ?? due.owner_id,
      entry: {
        type: due.type,
        amount_cents: Number(due.amount_cents),
        description: due.description,
        category: due.category,
        occurred_on: on,
      },
      source: due.source,
    })),
  )
  // The occurrences, with their entry (recorded) or without (refused) — no conflict expected —
  // and every row's next occurrence, in one statement.
  const stored = [...recorded, ...refused]
  await tx.query({
    name: 'recurring-run-store',
    text: `with occurrences as (
       insert into recurring_occurrences (recurring_id, occurs_on, status, transaction_id)
       select * from unnest($1::bigint[], $2::date[], $3::text[], $4::bigint[]))
     update recurring_entries r set next_on = x.next_on
       from unnest($5::bigint[], $6::date[]) as x(id, next_on)
      where r.id = x.id`,
    values: [
      stored.map((o) => o.due.id),
      stored.map((o) => o.on),
      stored.map((_, i) => (i < recorded.length ? 'recorded' : 'refused')),
      stored.map((_, i) => entries[i]?.id ?? null),
      rows.map((r) => r.id),
      nextOn,
    ],
  })
  if (recorded.length > 0) {
    await emitCreated(tx, recorded, entries)
    await checkBudgetAlertsOf(
      tx,
      recorded.map((o, i) => ({
        ledger: { ledgerId: o.due.ledger_id, ownerId: o.due.owner_id },
        entry: entries[i] as Transaction,
      })),
    )
  }
  run.recorded += recorded.length
  if (refused.length > 0) await tellRefused(tx, env, refused)
  run.refused += refused.length
}

/**
 * Outgoing webhooks (transaction.created), as recordEntry emits them: only the ledgers with an
 * endpoint listening are looked at one by one.
 */
async function emitCreated(
  tx: Queryable,
  recorded: readonly Occurrence[],
  entries: readonly Transaction[],
): Promise<void> {
  const { rows: listening } = await tx.query<{ ledger_id: number }>({
    name: 'recurring-run-listening',
    text: `select distinct ledger_id from webhook_endpoints
      where ledger_id = any($1::bigint[]) and disabled_at is null
        and 'transaction.created' = any (events)`,
    values: [[...new Set(recorded.map((o) => o.due.ledger_id))]],
  })
  const hooked = new Set(listening.map((r) => Number(r.ledger_id)))
  for (const [i, o] of recorded.entries()) {
    if (!hooked.has(Number(o.due.ledger_id))) continue
    await emitWebhookEvent(tx, {
      ledgerId: o.due.ledger_id,
      type: 'transaction.created',
      data: entries[i],
    })
  }
}

/** One job telling every person whose occurrence the plan's limit refused (their usage: one read). */
async function tellRefused(tx: Queryable, env: Env, refused: readonly Occurrence[]) {
  const usages = await getUsages(tx, { ownerIds: refused.map((o) => o.due.owner_id) })
  const items = refused.flatMap(({ due, on }) => {
    const usage = usages.get(due.owner_id)
    if (!usage) return []
    const limit = new LimitReachedError(usage.limit, usage.plan_name)
    const text = planningReplies.recurringRefused(
      { description: due.description, amount_cents: Number(due.amount_cents), occurs_on: on },
      `${limit.message} ${env.PUBLIC_URL}/dashboard#planos`,
    )
    return [{ user_id: due.owner_id, key: `recurring:${due.id}:${on}:refused`, text }]
  })
  if (items.length > 0) await addJob(tx, recurringRefusedJob, { items })
}

/**
 * The recurring_refused_notify job: each message through the one sender (the notice template
 * outside the 24-hour window), once per key however often the job runs.
 */
export async function sendRefusedNotices(
  db: Db,
  env: Env,
  items: readonly { user_id: string; key: string; text: string }[],
): Promise<void> {
  for (const item of items) {
    await notifyUser(db, env, {
      userId: item.user_id,
      idempotencyKey: item.key,
      text: item.text,
      template: templateMessage('notice', [item.text]),
    })
  }
}
