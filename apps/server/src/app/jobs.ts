import { pruneAuthData } from '../accounts/index.ts'
import { deliverAlert, deliverAlerts, alertNotifyJob, alertsNotifyJob } from '../alerts/index.ts'
import { processInboundJob } from '../assistant/index.ts'
import { stripeEventJob, stripeClient, processStripeEvent } from '../billing/index.ts'
import { sendCardBillReminders, sendDueBillReminders } from '../bills/index.ts'
import { webhookDeliverJob } from '../events/index.ts'
import {
  attemptDelivery,
  openFinanceSyncJob,
  queueDailySyncs,
  runSyncJob,
} from '../integrations/index.ts'
import { resetMonthlyCounters } from '../ledger/index.ts'
import {
  applyStatus,
  applyRetention,
  recoverUnfinished,
  runSendJob,
  type SendPolicy,
  whatsappInboundJob,
  whatsappSendJob,
  whatsappStatusJob,
} from '../messaging/index.ts'
import {
  applyEmailRetention,
  deliverEmail,
  mailSendJob,
  type MailSendPolicy,
  recoverEmails,
  cronPayload,
  type JobSpec,
  type Logger,
  type QueuedJob,
  type ScheduledJob,
} from '../platform/index.ts'
import { recurringRefusedJob, runRecurringEntries, sendRefusedNotices } from '../recurring/index.ts'
import { sendScheduledReports } from '../reports/index.ts'
import { prunePublicApi } from '../tenancy/index.ts'

/**
 * Every background job in one table (STYLE.md 8): the spec (task name, payload schema,
 * attempts, queue, key prefix, schedule) and the work it does. Jobs other modules queue are
 * declared beside their code (`whatsapp.jobs.ts`, `alerts.jobs.ts` …) and get their `run`
 * here; scheduled ones are written here whole. `run` is thin: the payload arrives checked
 * against the row's schema, and it calls the same domain functions HTTP and the CLI use.
 *
 * To add a job: a row here (and, if other code queues it, its spec beside that code). Queue it
 * with `addJob(db, spec, payload)` / `addJobs` (platform/jobs/add-job.ts).
 */

/**
 * WhatsApp sends (messaging/sender.ts): 5xx, network errors and throughput limits are retried
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
 * E-mails (platform/mail/outbox.ts): connection errors, timeouts and 4xx answers are retried
 * after 15 s, 30 s, 1 min... (±20 %, at most an hour apart), 10 attempts in all (about 2 hours,
 * room for an SMTP outage); a 5xx refusal of the recipient or the message fails at once. Then
 * the e-mail is marked failed.
 */
export const MAIL_SEND_POLICY: MailSendPolicy = {
  maxAttempts: 10,
  baseDelayMs: 15_000,
  maxDelayMs: 60 * 60_000,
}

const queued = <P extends object>(spec: JobSpec<P>, run: QueuedJob<P>['run']): QueuedJob<P> => ({
  ...spec,
  run,
})
const scheduled = (row: Omit<ScheduledJob, 'payload'>): ScheduledJob => ({
  ...row,
  payload: cronPayload,
})
const whatsappLog = (log: Logger) => log.child({ channel: 'whatsapp' })

export const JOBS = {
  /** Hourly, so the 1st of the month in São Paulo (UTC-3) is caught within the hour. */
  resetMonthlyCounters: scheduled({
    task: 'reset_monthly_counters',
    description:
      'vira o contador mensal de lançamentos no 1º dia do mês, já contando as parcelas datadas no novo mês (a cada hora)',
    maxAttempts: 5,
    cron: { schedule: '5 * * * *', fill: '1d' },
    run: async ({ db }, now) => ({ reset: await resetMonthlyCounters(db, now) }),
  }),
  /** Housekeeping only: a missed run is caught by the next one, so no fill. */
  pruneAuthData: scheduled({
    task: 'prune_auth_data',
    description: 'apaga sessões, tokens e janelas de limite vencidos (a cada hora)',
    maxAttempts: 1,
    cron: { schedule: '35 * * * *' },
    run: ({ db }) => pruneAuthData(db),
  }),
  stripeEvent: queued(stripeEventJob, async ({ db, log, env }, { event_id }) => {
    const stripe = stripeClient(env)
    // Queued only while a key was configured; without one now, retrying later may succeed.
    if (!stripe) throw new Error('stripe_event: STRIPE_SECRET_KEY não configurada')
    await processStripeEvent({ db, log, stripe }, event_id)
  }),
  /**
   * 09:00 in São Paulo (UTC-3 all year: no DST since 2019). fill=6h: after downtime the day's
   * run still happens until 15:00 there. 10 attempts: the e^n s backoff spreads them over about
   * 3½ hours (still the same day there), so a database outage does not cost the day's reminders.
   * The real time, not the cron's: a backfilled or retried run still says 'hoje'/'amanhã' for
   * the day it actually runs on.
   */
  billReminders: scheduled({
    task: 'bill_reminders',
    description:
      'lembretes de contas e faturas de cartão que vencem hoje ou amanhã (09:00 em São Paulo)',
    maxAttempts: 10,
    cron: { schedule: '0 12 * * *', fill: '6h' },
    run: async ({ db, env }, now) => {
      const bills = await sendDueBillReminders(db, env, now)
      const cards = await sendCardBillReminders(db, env, now)
      return { sent: bills.sent + cards.sent, skipped: bills.skipped + cards.skipped }
    },
  }),
  /**
   * 06:00 in São Paulo: salaries and rents are in the ledger before people look. fill=1d: a day
   * of downtime is caught up (the run itself also records every missed day, each on its date).
   * The real time: a backfilled run records what is due by today, and no more.
   */
  recurringEntries: scheduled({
    task: 'recurring_entries',
    description: 'lançamentos recorrentes do dia (salário, aluguel...), 06:00 em São Paulo',
    maxAttempts: 10,
    cron: { schedule: '0 9 * * *', fill: '1d' },
    run: ({ db, env }, now) => runRecurringEntries(db, env, now),
  }),
  recurringRefused: queued(recurringRefusedJob, ({ db, env }, { items }) =>
    sendRefusedNotices(db, env, items),
  ),
  alertNotify: queued(alertNotifyJob, async ({ db, env, log }, { id }) => {
    const outcome = await deliverAlert(db, env, id)
    if (outcome !== 'sent') log.debug({ id, outcome }, 'alert not sent')
  }),
  alertsNotify: queued(alertsNotifyJob, async ({ db, env, log }, { ids }) => {
    const outcomes = await deliverAlerts(db, env, ids)
    if (outcomes.sent < ids.length) log.debug({ outcomes }, 'alerts not all sent')
  }),
  /**
   * The scheduled reports (reports/scheduled-reports.ts), 08:00 in São Paulo (11:00 UTC):
   * Mondays for the week that ended, the 1st for the month that ended. Once per person and
   * period however often they run, so fill=6h catches up after downtime the same morning; at
   * the moment the cron meant, so a backfilled run reports the same period.
   */
  weeklyReports: scheduled({
    task: 'weekly_reports',
    description: 'relatório semanal da semana anterior, segunda a domingo (segundas 08:00)',
    maxAttempts: 10,
    cron: { schedule: '0 11 * * 1', fill: '6h' },
    clock: 'scheduled',
    run: ({ db, env }, now) => sendScheduledReports(db, env, 'weekly', now),
  }),
  monthlyReports: scheduled({
    task: 'monthly_reports',
    description: 'relatório mensal do mês anterior (dia 1º, 08:00 em São Paulo)',
    maxAttempts: 10,
    cron: { schedule: '0 11 1 * *', fill: '6h' },
    clock: 'scheduled',
    run: ({ db, env }, now) => sendScheduledReports(db, env, 'monthly', now),
  }),
  whatsappInbound: queued(whatsappInboundJob, ({ db, env, log }, payload) =>
    processInboundJob({ db, env, log: whatsappLog(log) }, payload),
  ),
  whatsappSend: queued(whatsappSendJob, ({ db, env, log }, payload) =>
    runSendJob({ db, env, log: whatsappLog(log), policy: WHATSAPP_SEND_POLICY }, payload),
  ),
  /**
   * A status callback that arrived before the send that it reports was committed. Tried a few
   * times, then dropped (it may be for a message sent elsewhere, e.g. the WhatsApp Manager).
   */
  whatsappStatus: queued(whatsappStatusJob, async ({ db }, status, helpers) => {
    const applied = await applyStatus(db, {
      wamid: status.wamid,
      status: status.status,
      at: new Date(status.at ?? Date.now()),
      errorCode: status.errorCode ?? null,
      error: status.error ?? null,
      callbackData: status.callbackData ?? null,
    })
    if (!applied && helpers.job.attempts < helpers.job.max_attempts) {
      throw new Error('whatsapp_status: mensagem ainda não encontrada')
    }
  }),
  /** Work a crashed instance left unfinished is requeued, every minute and at start. */
  whatsappRecover: scheduled({
    task: 'whatsapp_recover',
    description: 'devolve à fila mensagens do WhatsApp que um processo interrompido deixou',
    maxAttempts: 1,
    cron: { schedule: '* * * * *' },
    atStartup: true,
    run: async ({ db, env, log }) => {
      // A job a live worker holds (running, or in its runner's local queue) is left to it.
      const found = await recoverUnfinished(db, {
        staleAfterMs: env.WORKER_STALE_AFTER_SECONDS * 1000,
      })
      // Work found unfinished means a process died mid-way: worth a warning, not just a count.
      if (found.inbound || found.outbound) log.warn(found, 'whatsapp: unfinished work requeued')
      return found
    },
  }),
  /** Message texts past the retention period are erased (LGPD). */
  whatsappRetention: scheduled({
    task: 'whatsapp_retention',
    description: 'apaga textos de mensagens do WhatsApp além do prazo de retenção (LGPD)',
    maxAttempts: 1,
    cron: { schedule: '20 6 * * *' },
    run: ({ db }) => applyRetention(db),
  }),
  webhookDeliver: queued(webhookDeliverJob, async ({ db, env, log }, { delivery_id }) => {
    await attemptDelivery({ db, env, log }, delivery_id)
  }),
  mailSend: queued(mailSendJob, ({ db, log, mailer }, { id }) =>
    deliverEmail(
      { db, mailer, log: log.child({ channel: 'email' }), policy: MAIL_SEND_POLICY },
      id,
    ),
  ),
  /** E-mails a crashed instance left unsent are requeued, every minute and at start. */
  mailRecover: scheduled({
    task: 'mail_recover',
    description: 'devolve à fila e-mails que um processo interrompido deixou sem enviar',
    maxAttempts: 1,
    cron: { schedule: '* * * * *' },
    atStartup: true,
    // A job a live runner holds (running, or in its local queue) is left to it.
    run: ({ db, env }) =>
      recoverEmails(db, { staleAfterMs: env.WORKER_STALE_AFTER_SECONDS * 1000 }),
  }),
  /** Records of e-mails sent or given up (no address, no body) past 30 days (LGPD). */
  mailRetention: scheduled({
    task: 'mail_retention',
    description: 'apaga registros de e-mails enviados há mais de 30 dias (LGPD)',
    maxAttempts: 1,
    cron: { schedule: '25 6 * * *' },
    run: ({ db }) => applyEmailRetention(db),
  }),
  /** One bank connection read from the aggregator (its own waits and 429/5xx backoff). */
  openFinanceConnectionSync: queued(openFinanceSyncJob, ({ db, env, log }, payload) =>
    runSyncJob({ db, env, log: log.child({ channel: 'open-finance' }) }, payload),
  ),
  /**
   * 05:00 in São Paulo: every bank connection read again, catching what webhooks missed
   * (ARCHITECTURE §11). Reading is idempotent, so a missed run is simply the next one: no fill.
   */
  openFinanceSync: scheduled({
    task: 'open_finance_sync',
    description:
      'relê todas as conexões bancárias (Open Finance) no agregador (05:00 em São Paulo)',
    maxAttempts: 3,
    cron: { schedule: '0 8 * * *' },
    run: ({ db }, now) => queueDailySyncs(db, now),
  }),
  /** Expired Idempotency-Key answers and month-old webhook events. */
  prunePublicApi: scheduled({
    task: 'prune_public_api',
    description: 'apaga respostas de Idempotency-Key vencidas e eventos de webhook antigos',
    maxAttempts: 1,
    cron: { schedule: '50 * * * *' },
    run: ({ db }) => prunePublicApi(db),
  }),
} as const
