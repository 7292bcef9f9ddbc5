import type { Task, TaskList } from 'graphile-worker'
import type { Db } from '../db/database.ts'
import type { Env } from '../env.ts'
import type { Logger } from '../logger.ts'
import { billRemindersTask } from './tasks/bill-reminders.ts'
import { pruneAuthDataTask } from './tasks/prune-auth-data.ts'
import { processStripeEventTask } from './tasks/process-stripe-event.ts'
import { resetMonthlyCountersTask } from './tasks/reset-monthly-counters.ts'
import { webhookDeliverTask } from './tasks/webhook-deliver.ts'
import { SCHEDULED_TASKS } from './scheduled-tasks.ts'
import type { SendPolicy } from '../whatsapp/sender.ts'
import {
  whatsappInboundTask,
  whatsappRecoverTask,
  whatsappRetentionTask,
  whatsappSendTask,
  whatsappStatusTask,
} from '../whatsapp/whatsapp-tasks.ts'

export type TaskDeps = { db: Db; log: Logger; env: Env }

/**
 * WhatsApp sends (whatsapp/sender.ts): 5xx, network errors and throughput limits are retried
 * after 1 s, 2 s, 4 s... (±20 %, at most 5 min apart), 12 attempts in all (about 20 minutes);
 * then the message is marked failed. The sender schedules these itself: graphile-worker's own
 * retries (e^n s) are left for unexpected errors.
 */
export const WHATSAPP_SEND_POLICY: SendPolicy = {
  maxAttempts: 12,
  baseDelayMs: 1_000,
  maxDelayMs: 5 * 60_000,
}

/**
 * Every background task, its schedule and its retry policy, in one place (STYLE.md 8). Tasks
 * are thin: they check their payload and call the same domain functions HTTP and the CLI use.
 */
export function taskList(deps: TaskDeps): TaskList {
  return {
    reset_monthly_counters: resetMonthlyCountersTask(deps) as Task,
    // 25 attempts, about three days (billing/stripe-events.ts).
    stripe_event: processStripeEventTask(deps) as Task,
    prune_auth_data: pruneAuthDataTask(deps) as Task,
    // Bill-due reminders (ledger/bill-reminders.ts); idempotent, so retries and backfills are safe.
    bill_reminders: billRemindersTask(deps) as Task,
    // WhatsApp (whatsapp/whatsapp-tasks.ts). Attempts per job are set where jobs are queued:
    // inbound messages 6 (then an apology goes out), status callbacks 4, sends above.
    whatsapp_inbound: whatsappInboundTask(deps) as Task,
    whatsapp_send: whatsappSendTask(deps, WHATSAPP_SEND_POLICY) as Task,
    whatsapp_status: whatsappStatusTask(deps) as Task,
    whatsapp_recover: whatsappRecoverTask(deps) as Task,
    whatsapp_retention: whatsappRetentionTask(deps) as Task,
    // Outgoing webhooks (webhooks/webhook-delivery.ts): one job per attempt; the retry
    // schedule (5 s, 30 s, 2 min … hourly, 24 h) is the delivery's own, like WhatsApp sends.
    webhook_deliver: webhookDeliverTask(deps) as Task,
    prune_public_api: (async () => {
      await SCHEDULED_TASKS.prune_public_api.run(deps, new Date())
    }) as Task,
  }
}

/**
 * graphile-worker crontab (UTC). The counter reset runs hourly so the 1st of the month in
 * São Paulo (UTC-3) is caught within the hour, and `fill` catches up after downtime.
 */
export const CRONTAB = [
  '5 * * * * reset_monthly_counters ?fill=1d&max=5',
  // Housekeeping only: a missed run is caught by the next one, so no fill.
  '35 * * * * prune_auth_data ?max=1',
  // Work a crashed instance left unfinished is requeued (also once at start: STARTUP_TASKS).
  '* * * * * whatsapp_recover ?max=1',
  '20 6 * * * whatsapp_retention ?max=1',
  // 09:00 in São Paulo (UTC-3 all year: no DST since 2019). fill=6h: after downtime the day's
  // run still happens until 15:00 there. max=10: graphile-worker's e^n s backoff spreads the
  // attempts over about 3½ hours (still the same day there), so a database outage does not
  // cost the day's reminders.
  '0 12 * * * bill_reminders ?fill=6h&max=10',
  '50 * * * * prune_public_api ?max=1',
].join('\n')

/** Tasks queued once each time a runner starts (recovery after a crash). */
export const STARTUP_TASKS = ['whatsapp_recover']
