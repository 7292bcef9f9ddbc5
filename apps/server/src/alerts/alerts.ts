import { addJobs, type Db, type Queryable, type Env } from '../platform/index.ts'
import { ALERTS_PER_JOB, alertNotifyJob, alertsNotifyJob } from './alerts.jobs.ts'
import type { Alert, AlertKind, Category, NotificationKind } from '@equilibrai/shared'
import { emitWebhookEvents } from '../events/index.ts'
import {
  getNotificationSettings,
  notifyUser,
  type TemplatePurpose,
  templateMessage,
} from '../messaging/index.ts'

/*
 * Alerts (ARCHITECTURE §8): budget_80, budget_100, high_spending, bill_due. Every alert the
 * product sends is created by recordAlert, in the transaction of what caused it (the entry, the
 * reminder run), so:
 *
 * - Once: the row is unique on (ledger, dedupe_key); a second entry crossing 80 % at the same
 *   time, a rerun after a crash, a retried job all meet the existing row and create nothing.
 * - Never lost: the row and its delivery job (alertNotifyJob) commit together with the cause.
 * - Delivery is a job (deliverAlert): it reads the recipient's notification settings at send
 *   time and goes through the one WhatsApp sender (free text inside 24 h, an approved template
 *   outside it), with the idempotency key `alert:<id>`. An alert recorded alone gets its own
 *   job (alert_notify); alerts recorded together (the daily reminders) share one per
 *   ALERTS_PER_JOB (alerts_notify): the run then queues a few hundred jobs, not 300,000.
 *
 * Outgoing webhooks (bill.due, budget.alert) belong here too: one call next to the insert.
 */

/** Which notification setting lets each kind of alert go out on WhatsApp. */
export const ALERT_SETTING: Record<AlertKind, NotificationKind> = {
  budget_80: 'budget_alerts',
  budget_100: 'budget_alerts',
  high_spending: 'high_spending_alerts',
  bill_due: 'bill_reminders',
}

export type NewAlert = {
  ledgerId: number
  /** Who is told: the ledger's owner. */
  userId: string
  kind: AlertKind
  category: Category | null
  text: string
  /** One event, one key: 'budget_80:mercado:2026-11', 'bill:42:2026-12-10:eve', 'high:77'. */
  dedupeKey: string
  /** Parameters of the WhatsApp template used outside the 24-hour window. */
  template?: { purpose: TemplatePurpose; params: string[] }
  /** false: recorded (listed, and never repeated) but not sent, e.g. an 80 % passed together with 100 %. */
  deliver?: boolean
}

/** Records an alert and queues its delivery, once per (ledger, dedupeKey); null when it existed. */
export async function recordAlert(tx: Queryable, alert: NewAlert): Promise<{ id: number } | null> {
  const [created] = await recordAlerts(tx, [alert])
  return created ?? null
}

/**
 * recordAlert for many at once (the daily reminder run): one INSERT and one addJobs per call,
 * and one delivery job per ALERTS_PER_JOB alerts. Returns the alerts created (those whose key
 * existed are skipped), in no particular order.
 */
export async function recordAlerts(
  tx: Queryable,
  alerts: readonly NewAlert[],
): Promise<{ id: number; dedupe_key: string }[]> {
  if (alerts.length === 0) return []
  const { rows } = await tx.query<{ id: number; dedupe_key: string; ledger_id: number }>(
    `insert into alerts (ledger_id, user_id, kind, category, text, dedupe_key, template_params)
     select * from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[],
                          $6::text[], $7::jsonb[])
     on conflict (ledger_id, dedupe_key) do nothing
     returning id, dedupe_key, ledger_id`,
    [
      alerts.map((a) => a.ledgerId),
      alerts.map((a) => a.userId),
      alerts.map((a) => a.kind),
      alerts.map((a) => a.category),
      alerts.map((a) => a.text),
      alerts.map((a) => a.dedupeKey),
      alerts.map((a) => (a.template ? JSON.stringify(a.template) : null)),
    ],
  )
  const silent = new Set(
    alerts.filter((a) => a.deliver === false).map((a) => `${a.ledgerId}\u0000${a.dedupeKey}`),
  )
  const deliver = rows
    .filter((r) => !silent.has(`${r.ledger_id}\u0000${r.dedupe_key}`))
    .map((r) => r.id)
  // The delivery jobs commit with the alerts.
  if (deliver.length === 1) {
    await addJobs(tx, alertNotifyJob, [
      { payload: { id: Number(deliver[0]) }, key: Number(deliver[0]) },
    ])
  } else if (deliver.length > 1) {
    const ids = deliver.map(Number).sort((a, b) => a - b)
    const jobs = []
    for (let i = 0; i < ids.length; i += ALERTS_PER_JOB) {
      jobs.push({ payload: { ids: ids.slice(i, i + ALERTS_PER_JOB) } })
    }
    await addJobs(tx, alertsNotifyJob, jobs)
  }
  // Outgoing webhooks (integrações_personalizadas): every alert created, sent on WhatsApp or not,
  // is a `bill.due` or `budget.alert` event in the same transaction (nothing without endpoints).
  const byKey = new Map(alerts.map((a) => [`${a.ledgerId}\u0000${a.dedupeKey}`, a]))
  await emitWebhookEvents(
    tx,
    rows.flatMap((row) => {
      const alert = byKey.get(`${row.ledger_id}\u0000${row.dedupe_key}`)
      if (!alert) return []
      return [
        {
          ledgerId: Number(row.ledger_id),
          type: alert.kind === 'bill_due' ? ('bill.due' as const) : ('budget.alert' as const),
          data: {
            id: Number(row.id),
            kind: alert.kind,
            category: alert.category,
            text: alert.text,
          },
        },
      ]
    }),
  )
  return rows.map(({ id, dedupe_key }) => ({ id: Number(id), dedupe_key }))
}

type StoredAlert = {
  id: number
  user_id: string
  kind: AlertKind
  text: string
  template_params: { purpose: TemplatePurpose; params: string[] } | null
}

/**
 * The alert_notify job: sends one alert on WhatsApp unless its recipient turned that kind off.
 * Returns what happened, for the log and tests.
 */
export async function deliverAlert(
  db: Db,
  env: Env,
  id: number,
): Promise<'sent' | 'off' | 'unlinked' | 'gone'> {
  const { rows } = await db.query<StoredAlert>(
    'select id, user_id, kind, text, template_params from alerts where id = $1',
    [id],
  )
  const alert = rows[0]
  if (!alert) return 'gone'
  const settings = await getNotificationSettings(db, { userId: alert.user_id })
  if (!settings[ALERT_SETTING[alert.kind]]) return 'off'
  const template = alert.template_params ?? { purpose: 'notice', params: [alert.text] }
  const queued = await notifyUser(db, env, {
    userId: alert.user_id,
    idempotencyKey: `alert:${alert.id}`,
    text: alert.text,
    template: templateMessage(template.purpose, template.params),
  })
  return queued ? 'sent' : 'unlinked'
}

/** The alerts_notify job: deliverAlert for each, in order; a retry resends none (same keys). */
export async function deliverAlerts(
  db: Db,
  env: Env,
  ids: readonly number[],
): Promise<Record<'sent' | 'off' | 'unlinked' | 'gone', number>> {
  const outcomes = { sent: 0, off: 0, unlinked: 0, gone: 0 }
  for (const id of ids) outcomes[await deliverAlert(db, env, id)]++
  return outcomes
}

/** GET /api/v1/alerts: the ledger's alerts, newest first. */
export async function listAlerts(
  db: Queryable,
  { ledgerId, limit = 100 }: { ledgerId: number; limit?: number },
): Promise<Alert[]> {
  const { rows } = await db.query<Omit<Alert, 'created_at'> & { created_at: Date }>(
    `select id, kind, category, text, created_at from alerts
      where ledger_id = $1 order by id desc limit $2`,
    [ledgerId, limit],
  )
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }))
}
