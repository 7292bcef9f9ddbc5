import {
  addMonths,
  type Category,
  type EntrySource,
  type EntryType,
  occurrenceIn,
  saoPauloDate,
} from '@equilibrai/shared'
import { planningReplies } from '@equilibrai/assistant'
import type { Db } from '../db/database.ts'
import { withTransaction } from '../db/transaction.ts'
import type { Env } from '../env.ts'
import { recordEntry } from '../ledger/entries.ts'
import { LimitReachedError } from '../ledger/errors.ts'
import { queueNotification } from '../whatsapp/notify.ts'
import { templateMessage } from '../whatsapp/templates.ts'

/*
 * The recurring_entries task (daily; ARCHITECTURE §3 and §8): records every occurrence whose
 * day has come (São Paulo calendar) as an ordinary entry, through recordEntry — so it counts
 * against the plan's monthly limit and triggers budget alerts like any other entry.
 *
 * - Idempotent per occurrence: recurring_occurrences' primary key (recurring, day) is written in
 *   the same transaction as the entry and the move of next_on, so a rerun, a retried job or a
 *   run after a kill -9 records nothing twice, and whatever was not committed is done next run.
 * - Days 29–31 fall on the last day of shorter months (31 → 28/02 → 31/03).
 * - Catching up: after downtime every missed day is recorded, oldest first, with its own date.
 * - Refused by the plan's limit: the occurrence is stored as 'refused' (shown on the web as
 *   last_refused_on) and the person gets a WhatsApp message saying so; it is not retried.
 */

const BATCH_SIZE = 500

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
  const run: RecurringRun = { recorded: 0, refused: 0 }
  let afterId = 0
  for (;;) {
    const { rows } = await db.query<Due>(
      `select r.id, r.ledger_id, l.owner_user_id as owner_id, r.created_by, r.type,
              r.amount_cents, r.description, r.category, r.day_of_month,
              to_char(r.next_on, 'YYYY-MM-DD') as next_on, r.source
         from recurring_entries r join ledgers l on l.id = r.ledger_id
        where r.cancelled_at is null and r.next_on <= $1 and r.id > $2
        order by r.id limit $3`,
      [today, afterId, BATCH_SIZE],
    )
    for (const due of rows) {
      afterId = due.id
      // Occurrence by occurrence, each in its own transaction (catching up after downtime).
      let on = due.next_on
      while (on <= today) {
        const outcome = await recordOccurrence(db, env, due, on)
        if (outcome) run[outcome]++
        on = occurrenceAfter(on, due.day_of_month)
      }
    }
    if (rows.length < BATCH_SIZE) return run
  }
}

async function recordOccurrence(
  db: Db,
  env: Env,
  due: Due,
  on: string,
): Promise<'recorded' | 'refused' | null> {
  return withTransaction(db, async (tx) => {
    // Lock the recurring row: a concurrent run waits here and then finds the occurrence done.
    const { rows } = await tx.query<{ next_on: string }>(
      `select to_char(next_on, 'YYYY-MM-DD') as next_on from recurring_entries
        where id = $1 and cancelled_at is null for update`,
      [due.id],
    )
    if (rows[0]?.next_on !== on) return null
    const claimed = await tx.query(
      `insert into recurring_occurrences (recurring_id, occurs_on, status)
       values ($1, $2, 'recorded') on conflict do nothing`,
      [due.id, on],
    )
    await tx.query('update recurring_entries set next_on = $2 where id = $1', [
      due.id,
      occurrenceAfter(on, due.day_of_month),
    ])
    if (claimed.rowCount === 0) return null
    const ledger = { ledgerId: due.ledger_id, ownerId: due.owner_id }
    try {
      const { entry } = await recordEntry(tx, {
        ledger,
        userId: due.created_by ?? due.owner_id,
        entry: {
          type: due.type,
          amount_cents: Number(due.amount_cents),
          description: due.description,
          category: due.category,
          occurred_on: on,
        },
        source: due.source,
      })
      await tx.query(
        'update recurring_occurrences set transaction_id = $3 where recurring_id = $1 and occurs_on = $2',
        [due.id, on, entry.id],
      )
      return 'recorded'
    } catch (error) {
      if (!(error instanceof LimitReachedError)) throw error
      await tx.query(
        `update recurring_occurrences set status = 'refused' where recurring_id = $1 and occurs_on = $2`,
        [due.id, on],
      )
      const text = planningReplies.recurringRefused(
        { description: due.description, amount_cents: Number(due.amount_cents), occurs_on: on },
        `${error.message} ${env.PUBLIC_URL}/dashboard#planos`,
      )
      await queueNotification(tx, env, {
        userId: due.owner_id,
        idempotencyKey: `recurring:${due.id}:${on}:refused`,
        text,
        template: templateMessage('notice', [text]),
      })
      return 'refused'
    }
  })
}
