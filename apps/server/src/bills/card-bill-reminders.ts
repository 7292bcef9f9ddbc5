import {
  cardBillLeftCents,
  formatBRL,
  formatDayMonth,
  type IsoDate,
  lastDayOfMonth,
  saoPauloDate,
} from '@equilibrai/shared'
import { type NewAlert, recordAlerts } from '../alerts/index.ts'
import { billsOfCards } from '../ledger/index.ts'
import { isWhatsAppConfigured, wantsSql } from '../messaging/index.ts'
import { type Db, type Env, inLanes, sumLanes, withTransaction } from '../platform/index.ts'
import { billReminderText, nextDay, type ReminderRun } from './bill-reminders.ts'

/*
 * A credit card's bill reminder (ARCHITECTURE §9: "the card's bill reminder goes out like
 * other bills, day before and due day, with the amount"), in the same daily run as the bills'
 * reminders and by the same rules: once per (card, due date, kind) — the alert's key is
 * `card:<account id>:<due_on>:<eve|day>` —, people with bill_reminders off get none, with
 * WhatsApp configured only linked owners. The amount is what is left of that bill (its total
 * less the payments the rule of packages/shared/card-bills.ts gives it); a bill already paid,
 * or with nothing on it, gets no reminder. Archived cards are skipped.
 *
 * A page of due cards (keyset on the card's id within a due day, in each of the run's lanes at
 * once) costs two reads — the cards,
 * then all their bills in one statement (billsOfCards) — and one transaction recording its
 * reminders (one INSERT, their delivery jobs).
 */

const BATCH_SIZE = 1000

type DueCard = { id: number; ledger_id: number; name: string; user_id: string; due_on: IsoDate }

export const cardReminderKey = (card: { id: number }, dueOn: IsoDate, kind: 'eve' | 'day') =>
  `card:${card.id}:${dueOn}:${kind}`

/**
 * Cards with due day `dueDay` whose bill falls due on `day`, a page in id order after `afterId`:
 * a range of accounts_card_due_idx (migration 029), already in that order.
 */
async function cardsDueOn(
  db: Db,
  {
    day,
    dueDay,
    kind,
    afterId,
    needsLink,
    lane,
    lanes,
  }: {
    day: IsoDate
    dueDay: number
    kind: 'eve' | 'day'
    afterId: number
    needsLink: boolean
    /** This lane's ledgers: ledger id modulo `lanes` (platform/jobs/run-lanes.ts). */
    lane: number
    lanes: number
  },
): Promise<DueCard[]> {
  const { rows } = await db.query<DueCard>({
    name: 'card-reminders-due',
    text: `select a.id, a.ledger_id, a.name, l.owner_user_id as user_id, $1::text as due_on
       from accounts a
       join ledgers l on l.id = a.ledger_id
       left join notification_settings ns on ns.user_id = l.owner_user_id
      where a.kind = 'credit_card' and not a.archived
        and a.due_day = $6
        and a.id > $2
        and a.ledger_id % $7 = $8
        and ${wantsSql('bill_reminders')}
        and (not $3 or exists (select 1 from whatsapp_links w where w.user_id = l.owner_user_id))
        -- Already reminded (a rerun): skipped here rather than by the insert's conflict.
        and not exists (select 1 from alerts r
                         where r.ledger_id = a.ledger_id
                           and r.dedupe_key = 'card:' || a.id || ':' || $1 || ':' || $5)
      order by a.id
      limit $4`,
    values: [day, afterId, needsLink, BATCH_SIZE, kind, dueDay, lanes, lane],
  })
  return rows
}

/** The due days whose bill falls due on `day`: its own, and on a month's last day those past it. */
function dueDaysOn(day: IsoDate): number[] {
  const dayOfMonth = Number(day.slice(8, 10))
  const last = dayOfMonth === lastDayOfMonth(day.slice(0, 7)) ? 31 : dayOfMonth
  return Array.from({ length: last - dayOfMonth + 1 }, (_, i) => dayOfMonth + i)
}

/** Records the reminders of card bills due today (due-day) and tomorrow (eve). Rerunnable. */
export async function sendCardBillReminders(db: Db, env: Env, now: Date): Promise<ReminderRun> {
  const today = saoPauloDate(now)
  const needsLink = isWhatsAppConfigured(env)
  const runs = await inLanes(async (lane, lanes) => {
    const run: ReminderRun = { sent: 0, skipped: 0 }
    for (const day of [today, nextDay(today)]) {
      const kind = day === today ? 'day' : 'eve'
      for (const dueDay of dueDaysOn(day)) {
        let afterId = 0
        for (;;) {
          const cards = await cardsDueOn(db, { day, dueDay, kind, afterId, needsLink, lane, lanes })
          afterId = cards.at(-1)?.id ?? afterId
          const billsByCard = await billsOfCards(db, { accountIds: cards.map((c) => c.id), today })
          const alerts: NewAlert[] = []
          for (const card of cards) {
            const bill = billsByCard.get(Number(card.id))?.find((b) => b.due_on === day)
            const left = bill ? cardBillLeftCents(bill) : 0
            if (left > 0) alerts.push(reminderAlert(card, left, today))
          }
          if (alerts.length > 0) {
            const created = await withTransaction(db, (tx) => recordAlerts(tx, alerts))
            run.sent += created.length
            run.skipped += alerts.length - created.length
          }
          if (cards.length < BATCH_SIZE) break
        }
      }
    }
    return run
  })
  return sumLanes(runs)
}

function reminderAlert(card: DueCard, leftCents: number, today: IsoDate): NewAlert {
  const description = `fatura do ${card.name}`
  return {
    ledgerId: card.ledger_id,
    userId: card.user_id,
    kind: 'bill_due',
    category: null,
    text: billReminderText({ description, amount_cents: leftCents, due_on: card.due_on }, today),
    dedupeKey: cardReminderKey(card, card.due_on, card.due_on === today ? 'day' : 'eve'),
    template: {
      purpose: 'billReminder',
      params: [description, formatDayMonth(card.due_on), formatBRL(leftCents)],
    },
  }
}
