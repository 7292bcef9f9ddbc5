import type { Task, TaskList } from 'graphile-worker'
import { crontab, JOBS, type JobName } from '../platform/jobs/jobs.ts'
import type { Db } from '../platform/db/database.ts'
import type { Env } from '../platform/env.ts'
import type { Logger } from '../platform/logger.ts'
import { alertNotifyTask } from '../alerts/alert-notify.task.ts'
import { billRemindersTask } from '../bills/bill-reminders.task.ts'
import { recurringEntriesTask } from '../recurring/recurring-entries.task.ts'
import { pruneAuthDataTask } from '../accounts/prune-auth-data.task.ts'
import { processStripeEventTask } from '../billing/stripe-event.task.ts'
import { resetMonthlyCountersTask } from '../ledger/reset-monthly-counters.task.ts'
import { scheduledReportsTask } from '../reports/scheduled-reports.task.ts'
import { webhookDeliverTask } from '../integrations/webhook-deliver.task.ts'
import { SCHEDULED_TASKS } from './scheduled-tasks.ts'
import type { SendPolicy } from '../messaging/sender.ts'
import {
  whatsappInboundTask,
  whatsappRecoverTask,
  whatsappRetentionTask,
  whatsappSendTask,
  whatsappStatusTask,
} from './whatsapp-tasks.ts'

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
 * Every job's handler. The table in jobs.ts holds the names, attempts, queues, keys and
 * schedules; this object must name a handler for each of its rows (a missing one does not
 * compile). Tasks are thin: they check their payload and call the same domain functions HTTP
 * and the CLI use.
 */
export function taskList(deps: TaskDeps): TaskList {
  const handlers: { [Name in JobName]: Task } = {
    resetMonthlyCounters: resetMonthlyCountersTask(deps),
    pruneAuthData: pruneAuthDataTask(deps),
    stripeEvent: processStripeEventTask(deps),
    billReminders: billRemindersTask(deps),
    // Recurring entries (recurring/recurring-run.ts) and alert delivery (alerts/alerts.ts).
    recurringEntries: recurringEntriesTask(deps),
    alertNotify: alertNotifyTask(deps),
    weeklyReports: scheduledReportsTask(deps, 'weekly_reports'),
    monthlyReports: scheduledReportsTask(deps, 'monthly_reports'),
    whatsappInbound: whatsappInboundTask(deps),
    whatsappSend: whatsappSendTask(deps, WHATSAPP_SEND_POLICY),
    whatsappStatus: whatsappStatusTask(deps),
    whatsappRecover: whatsappRecoverTask(deps),
    whatsappRetention: whatsappRetentionTask(deps),
    // Outgoing webhooks (webhooks/webhook-delivery.ts): one job per attempt; the retry
    // schedule (5 s, 30 s, 2 min … hourly, 24 h) is the delivery's own, like WhatsApp sends.
    webhookDeliver: webhookDeliverTask(deps),
    prunePublicApi: async () => {
      await SCHEDULED_TASKS.prune_public_api.run(deps, new Date())
    },
  }
  const names = Object.keys(handlers) as JobName[]
  return Object.fromEntries(names.map((name) => [JOBS[name].task, handlers[name]]))
}

/** graphile-worker crontab (UTC), from the table's schedules. */
export const CRONTAB = crontab()
