/**
 * Every background job in one table: its task name, payload type, attempts, queue, job-key
 * prefix and schedule (STYLE.md 8). Call sites name a row (`JOBS.whatsappSend`) and pass a
 * payload of its type; attempts, keys and queues are never spelled at a call site.
 *
 * This file imports no domain code, so any module may queue a job without an import cycle; the
 * handlers are wired to these rows in task-registry.ts, which fails to compile when a row has
 * no handler.
 *
 * To add a job: a row here, a thin handler in jobs/tasks/ (or beside its domain), and its line
 * in task-registry.ts. Queue it with `addJob(db, JOBS.x, payload)` (jobs/add-job.ts).
 */

/** A row of the table. `P` is the payload the job is queued with (checked at compile time). */
export type JobSpec<P extends object = EmptyPayload> = {
  /** graphile-worker's task identifier (stored in its jobs table: never rename lightly). */
  readonly task: string
  /**
   * graphile-worker's attempts before it gives up; it waits about e^n seconds before attempt
   * n+1 (at most e^10 ≈ 6 h).
   */
  readonly maxAttempts: number
  /** Job keys are `<keyPrefix><suffix>`: one waiting job per key (queued again: replaced). */
  readonly keyPrefix?: string
  /** Jobs sharing a queue run one at a time, in order. The queue is `<queue>` or `<queue>:<suffix>`. */
  readonly queue?: string
  /** graphile-worker crontab (UTC) and how far back a missed run is caught up (`fill`). */
  readonly cron?: { readonly schedule: string; readonly fill?: string }
  /** Queued once each time a runner starts. */
  readonly atStartup?: boolean
  /** Never set: carries the payload type. */
  readonly payload?: P
}

export type EmptyPayload = Record<string, never>
export type IdPayload = { id: number }
export type StatusPayload = {
  wamid: string
  status: string
  at: string
  errorCode: number | null
  error: string | null
  callbackData?: string | null
}

const job = <P extends object = EmptyPayload>(spec: Omit<JobSpec<P>, 'payload'>): JobSpec<P> => spec

/** WhatsApp processing tries before the person gets an apology and the message is closed. */
export const WHATSAPP_PROCESS_ATTEMPTS = 5

export const JOBS = {
  /** Hourly, so the 1st of the month in São Paulo (UTC-3) is caught within the hour. */
  resetMonthlyCounters: job({
    task: 'reset_monthly_counters',
    maxAttempts: 5,
    cron: { schedule: '5 * * * *', fill: '1d' },
  }),
  /** Housekeeping only: a missed run is caught by the next one, so no fill. */
  pruneAuthData: job({ task: 'prune_auth_data', maxAttempts: 1, cron: { schedule: '35 * * * *' } }),
  /**
   * One recorded Stripe event (billing/stripe-events.ts). 25 attempts span about three days, as
   * long as Stripe itself retries a webhook. One queue per customer: a slow early event cannot
   * overwrite a later one's result.
   */
  stripeEvent: job<{ event_id: string }>({
    task: 'stripe_event',
    maxAttempts: 25,
    queue: 'stripe',
  }),
  /**
   * 09:00 in São Paulo (UTC-3 all year: no DST since 2019). fill=6h: after downtime the day's
   * run still happens until 15:00 there. 10 attempts: the e^n s backoff spreads them over about
   * 3½ hours (still the same day there), so a database outage does not cost the day's reminders.
   */
  billReminders: job({
    task: 'bill_reminders',
    maxAttempts: 10,
    cron: { schedule: '0 12 * * *', fill: '6h' },
  }),
  /**
   * 06:00 in São Paulo: salaries and rents are in the ledger before people look. fill=1d: a day
   * of downtime is caught up (the run itself also records every missed day, each on its date).
   */
  recurringEntries: job({
    task: 'recurring_entries',
    maxAttempts: 10,
    cron: { schedule: '0 9 * * *', fill: '1d' },
  }),
  /**
   * One alert's WhatsApp message (alerts/alerts.ts), queued in the transaction that recorded
   * the alert; the recipient's settings are read when it runs. Key: the alert id.
   */
  alertNotify: job<IdPayload>({ task: 'alert_notify', maxAttempts: 10, keyPrefix: 'alert:' }),
  /**
   * The scheduled reports (reports/scheduled-reports.ts), 08:00 in São Paulo (11:00 UTC):
   * Mondays for the week that ended, the 1st for the month that ended. Once per person and
   * period however often they run, so fill=6h catches up after downtime the same morning.
   */
  weeklyReports: job({
    task: 'weekly_reports',
    maxAttempts: 10,
    cron: { schedule: '0 11 * * 1', fill: '6h' },
  }),
  monthlyReports: job({
    task: 'monthly_reports',
    maxAttempts: 10,
    cron: { schedule: '0 11 1 * *', fill: '6h' },
  }),
  /** One received message → the assistant → its reply queued; one more try for the apology. */
  whatsappInbound: job<IdPayload>({
    task: 'whatsapp_inbound',
    maxAttempts: WHATSAPP_PROCESS_ATTEMPTS + 1,
    keyPrefix: 'wa-in:',
  }),
  /**
   * One queued message → Meta. The sender schedules its own retries (WHATSAPP_SEND_POLICY in
   * task-registry.ts); these attempts are for unexpected errors (database down, a bug).
   */
  whatsappSend: job<IdPayload>({ task: 'whatsapp_send', maxAttempts: 10, keyPrefix: 'wa-out:' }),
  /** A status callback that beat its send's commit: tried a few times, then dropped. */
  whatsappStatus: job<StatusPayload>({ task: 'whatsapp_status', maxAttempts: 4 }),
  /** Work a crashed instance left unfinished is requeued, every minute and at start. */
  whatsappRecover: job({
    task: 'whatsapp_recover',
    maxAttempts: 1,
    cron: { schedule: '* * * * *' },
    atStartup: true,
  }),
  whatsappRetention: job({
    task: 'whatsapp_retention',
    maxAttempts: 1,
    cron: { schedule: '20 6 * * *' },
  }),
  /**
   * One attempt of one outgoing webhook delivery (webhooks/webhook-delivery.ts), which queues
   * the next attempt itself (5 s, 30 s, 2 min … hourly, for 24 h); these attempts are for
   * unexpected errors only. Key: the delivery id, so one attempt waits per delivery.
   */
  webhookDeliver: job<{ delivery_id: number }>({
    task: 'webhook_deliver',
    maxAttempts: 3,
    keyPrefix: 'webhook:',
  }),
  /** Expired Idempotency-Key answers and month-old webhook events (public-api/). */
  prunePublicApi: job({
    task: 'prune_public_api',
    maxAttempts: 1,
    cron: { schedule: '50 * * * *' },
  }),
} as const satisfies Record<string, JobSpec<object>>

export type JobName = keyof typeof JOBS

/** The job key for `suffix` (an id, a message id) under the row's prefix. */
export function jobKey(spec: JobSpec<object>, suffix: string | number): string {
  if (spec.keyPrefix === undefined) throw new Error(`${spec.task} has no job-key prefix`)
  return `${spec.keyPrefix}${suffix}`
}

/** graphile-worker's crontab, built from the table. */
export function crontab(): string {
  const specs: JobSpec<object>[] = Object.values(JOBS)
  return specs
    .flatMap(({ task, cron, maxAttempts }) => {
      if (!cron) return []
      const fill = cron.fill ? `fill=${cron.fill}&` : ''
      return [`${cron.schedule} ${task} ?${fill}max=${maxAttempts}`]
    })
    .join('\n')
}

/** The jobs queued once each time a runner starts (recovery after a crash). */
export function startupJobs(): JobSpec<EmptyPayload>[] {
  const specs: JobSpec<object>[] = Object.values(JOBS)
  return specs.filter((spec): spec is JobSpec<EmptyPayload> => spec.atStartup === true)
}
