import {
  type Category,
  formatBRL,
  formatDayMonth,
  type IsoDate,
  saoPauloDate,
} from '@equilibrai/shared'
import { type NewAlert, recordAlerts } from '../alerts/index.ts'
import { type Db, type Env, inLanes, sumLanes, withTransaction } from '../platform/index.ts'
import { wantsSql, isWhatsAppConfigured } from '../messaging/index.ts'

/*
 * Bill-due reminders ("avisar antes de a conta vencer"). Once a day (jobs/task-registry.ts,
 * 09:00 in São Paulo) every unpaid bill due tomorrow gets its eve reminder and every unpaid bill
 * due today its due-day reminder, each a bill_due alert (alerts/alerts.ts) whose delivery job
 * sends the WhatsApp message to the ledger's owner (the equilibrai_lembrete_conta template
 * outside the 24-hour window).
 *
 * - Once per (bill, due date, kind): the alert's key is `bill:<id>:<due_on>:<eve|day>`, unique
 *   per ledger and inserted with its delivery job in one transaction per batch. A rerun (a
 *   retried job, a cron backfill, run-task, a run after kill -9) skips what is already there.
 * - A paid bill gets none; a person with bill_reminders off gets none (notification settings).
 * - With WhatsApp configured, owners without a linked number are skipped and nothing is
 *   recorded for them, so linking later the same day still gets the reminder. Without WhatsApp
 *   configured the reminder goes to the account's simulator conversation.
 */

/**
 * Bills per transaction: one INSERT of alerts and one add_jobs (a delivery job per 500 alerts)
 * each (ADR 027), in each of the run's lanes at once.
 */
const BATCH_SIZE = 1000

type DueBill = {
  id: number
  ledger_id: number
  description: string
  amount_cents: string | null
  category: Category | null
  due_on: IsoDate
  user_id: string
}

export type ReminderRun = {
  /** Reminders recorded (each goes out through its alert's delivery job). */
  sent: number
  /** Due bills whose reminder appeared between the query and the insert (a concurrent run). */
  skipped: number
}

/** `2026-12-31` → `2027-01-01`. */
export function nextDay(date: IsoDate): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)
}

export type ReminderKind = 'eve' | 'day'

export const billReminderKey = (bill: { id: number; due_on: IsoDate }, kind: ReminderKind) =>
  `bill:${bill.id}:${bill.due_on}:${kind}`

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
 * Records the reminders due at `now` (São Paulo day): eve reminders for unpaid bills due
 * tomorrow, due-day reminders for those due today. Safe to run any number of times.
 */
export async function sendDueBillReminders(db: Db, env: Env, now: Date): Promise<ReminderRun> {
  const today = saoPauloDate(now)
  // With WhatsApp configured only linked owners can get a message: skip the others in SQL.
  const needsLink = isWhatsAppConfigured(env)
  const runs = await inLanes(async (lane, lanes) => {
    const run: ReminderRun = { sent: 0, skipped: 0 }
    for (const [day, kind] of [
      [today, 'day'],
      [nextDay(today), 'eve'],
    ] as const) {
      // Keyset pages of one due date: a range of bills_unpaid_due_idx (due_on, id), in id
      // order, of this lane's ledgers (platform/jobs/run-lanes.ts).
      let afterId = 0
      for (;;) {
        const { rows } = await db.query<DueBill>({
          name: 'bill-reminders-due',
          text: `select b.id, b.ledger_id, b.description, b.amount_cents, b.category,
                  to_char(b.due_on, 'YYYY-MM-DD') as due_on, l.owner_user_id as user_id
             from bills b
             join ledgers l on l.id = b.ledger_id
             left join notification_settings ns on ns.user_id = l.owner_user_id
            where b.paid_on is null
              and b.due_on = $1::date
              and b.id > $2
              and b.ledger_id % $6 = $7
              and ${wantsSql('bill_reminders')}
              and (not $3 or exists (select 1 from whatsapp_links w where w.user_id = l.owner_user_id))
              -- Already reminded (a rerun): skipped here rather than by the insert's conflict.
              and not exists (
                select 1 from alerts a
                 where a.ledger_id = b.ledger_id
                   and a.dedupe_key = 'bill:' || b.id || ':' || to_char(b.due_on, 'YYYY-MM-DD')
                                      || ':' || $5)
            order by b.id
            limit $4`,
          values: [day, afterId, needsLink, BATCH_SIZE, kind, lanes, lane],
        })
        if (rows.length > 0) {
          afterId = rows[rows.length - 1]?.id ?? afterId
          const alerts = rows.map((bill) => reminderAlert(bill, today))
          const created = await withTransaction(db, (tx) => recordAlerts(tx, alerts))
          run.sent += created.length
          run.skipped += rows.length - created.length
        }
        if (rows.length < BATCH_SIZE) break
      }
    }
    return run
  })
  return sumLanes(runs)
}

function reminderAlert(row: DueBill, today: IsoDate): NewAlert {
  const bill = {
    id: Number(row.id),
    description: row.description,
    amount_cents: row.amount_cents === null ? null : Number(row.amount_cents),
    due_on: row.due_on,
  }
  return {
    ledgerId: row.ledger_id,
    userId: row.user_id,
    kind: 'bill_due',
    category: row.category,
    text: billReminderText(bill, today),
    dedupeKey: billReminderKey(bill, bill.due_on === today ? 'day' : 'eve'),
    template: {
      purpose: 'billReminder',
      params: [
        bill.description,
        formatDayMonth(bill.due_on),
        bill.amount_cents === null ? 'não informado' : formatBRL(bill.amount_cents),
      ],
    },
  }
}
