import { formatBRL, formatDayMonth, type IsoDate, saoPauloDate } from '@equilibrai/shared'
import type { Db } from '../db/database.ts'
import type { Env } from '../env.ts'
import { notifyUser } from '../whatsapp/notify.ts'
import { templateMessage } from '../whatsapp/templates.ts'
import { isWhatsAppConfigured } from '../whatsapp/whatsapp-config.ts'

/*
 * Bill-due reminders ("avisar antes de a conta vencer"). Once a day (jobs/task-registry.ts,
 * 09:00 in São Paulo) every bill due today or tomorrow in São Paulo that was not reminded of yet
 * gets one WhatsApp message to its ledger's owner, through the one sender (notifyUser: free text
 * inside the 24-hour window, the equilibrai_lembrete_conta template outside it).
 *
 * - Once per bill and due date: the message's idempotency key is `bill:<id>:<due_on>:reminder`
 *   and bills.notified_at is set after it is queued. A rerun (a retried job, a cron backfill)
 *   skips marked bills, and a crash between queueing and marking queues nothing new (same key).
 * - Owners without a linked number are skipped and their bills stay unmarked, so linking later
 *   the same day still gets the reminder. Without WhatsApp configured the reminder goes to the
 *   account's simulator conversation, like every proactive message.
 */

/** Bills read per query: the day's reminders are walked in id order, a batch at a time. */
const BATCH_SIZE = 500

type DueBill = {
  id: number
  description: string
  amount_cents: number | null
  due_on: IsoDate
  user_id: string
}

export type ReminderRun = {
  /** Reminders queued (or found already queued by an earlier run and now marked). */
  sent: number
  /** Bills whose owner unlinked their number while the run went on: left unmarked. */
  skipped: number
}

/** `2026-12-31` → `2027-01-01`. */
export function nextDay(date: IsoDate): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)
}

export const billReminderKey = (bill: { id: number; due_on: IsoDate }) =>
  `bill:${bill.id}:${bill.due_on}:reminder`

/** '⏰ Lembrete: *conta de luz* de R$ 180,00 vence amanhã (10/12).' */
export function billReminderText(
  bill: { description: string; amount_cents: number | null; due_on: IsoDate },
  today: IsoDate,
): string {
  // An asterisk inside the description would end WhatsApp's bold early.
  const name = bill.description.replace(/\*/g, '').trim() || 'conta'
  const amount = bill.amount_cents === null ? '' : ` de ${formatBRL(bill.amount_cents)}`
  const when = bill.due_on === today ? 'hoje' : 'amanhã'
  return `⏰ Lembrete: *${name}*${amount} vence ${when} (${formatDayMonth(bill.due_on)}).`
}

/**
 * Queues the reminders for bills due today or tomorrow in São Paulo at `now` that were not
 * reminded of yet. Safe to run any number of times.
 */
export async function sendDueBillReminders(db: Db, env: Env, now: Date): Promise<ReminderRun> {
  const today = saoPauloDate(now)
  const tomorrow = nextDay(today)
  // With WhatsApp configured only linked owners can get a message: skip the others in SQL.
  const needsLink = isWhatsAppConfigured(env)
  const run: ReminderRun = { sent: 0, skipped: 0 }
  let afterId = 0
  for (;;) {
    const { rows } = await db.query<DueBill>(
      `select b.id, b.description, b.amount_cents, b.due_on, l.owner_user_id as user_id
         from bills b
         join ledgers l on l.id = b.ledger_id
        where b.notified_at is null
          and b.due_on between $1 and $2
          and b.id > $3
          and (not $4 or exists (select 1 from whatsapp_links w where w.user_id = l.owner_user_id))
        order by b.id
        limit $5`,
      [today, tomorrow, afterId, needsLink, BATCH_SIZE],
    )
    for (const bill of rows) {
      afterId = bill.id
      const queued = await notifyUser(db, env, {
        userId: bill.user_id,
        idempotencyKey: billReminderKey(bill),
        text: billReminderText(bill, today),
        template: templateMessage('billReminder', [
          bill.description,
          formatDayMonth(bill.due_on),
          bill.amount_cents === null ? 'não informado' : formatBRL(bill.amount_cents),
        ]),
      })
      if (!queued) {
        // Unlinked since the query: leave the bill for a later run.
        run.skipped++
        continue
      }
      await db.query(
        'update bills set notified_at = now() where id = $1 and due_on = $2 and notified_at is null',
        [bill.id, bill.due_on],
      )
      run.sent++
    }
    if (rows.length < BATCH_SIZE) return run
  }
}
