import type { JobHelpers } from 'graphile-worker'
import { z } from 'zod'
import type { Db } from '../db/database.ts'
import type { Env } from '../env.ts'
import type { Logger } from '../logger.ts'
import type { Mailer } from '../mail/mailer.ts'

/**
 * What a job is, seen from the code that queues it: its task name, payload schema, attempts,
 * queue and job-key prefix (STYLE.md 8). A module declares the jobs it queues next to its code
 * (`messaging/whatsapp.jobs.ts`); the app's one job table (`app/jobs.ts`) adds each row's `run`,
 * so a low module can queue a job whose work lives higher up without importing it.
 */
export type JobSpec<P extends object = EmptyPayload> = {
  /** graphile-worker's task identifier (stored in its jobs table: never rename lightly). */
  readonly task: string
  /** The payload, checked when the job runs: a payload that fails it is logged and dropped. */
  readonly payload: z.ZodType<P>
  /**
   * graphile-worker's attempts before it gives up; it waits about e^n seconds before attempt
   * n+1 (at most e^10 ≈ 6 h).
   */
  readonly maxAttempts: number
  /** Job keys are `<keyPrefix><suffix>`: one waiting job per key (queued again: replaced). */
  readonly keyPrefix?: string
  /** Jobs sharing a queue run one at a time, in order. The queue is `<queue>` or `<queue>:<suffix>`. */
  readonly queue?: string
}

export type EmptyPayload = Record<string, never>
/** A scheduled job's payload: graphile-worker's cron adds when it was meant to run. */
export const cronPayload = z.looseObject({
  _cron: z.looseObject({ ts: z.union([z.string(), z.date()]).optional() }).optional(),
})
export type CronPayload = z.infer<typeof cronPayload>
export const idPayload = z.object({ id: z.number().int().positive() })

/**
 * What every job's `run` receives: the process's parts, never globals. The mailer is the
 * process's one mailer, made by whoever runs the jobs (app/job-runner.ts, the CLI): only the
 * outbox's mail_send job sends e-mail.
 */
export type TaskDeps = { db: Db; log: Logger; env: Env; mailer: Mailer }

/**
 * What a scheduled run receives (the cron, `npm run cli -- run-task`): no mailer. A scheduled
 * task that has something to say queues it (ADR 020).
 */
export type ScheduledDeps = Omit<TaskDeps, 'mailer'>

/** A row of the job table that code queues: the spec and the work, thin (STYLE.md 8). */
export type QueuedJob<P extends object> = JobSpec<P> & {
  readonly run: (deps: TaskDeps, payload: P, helpers: JobHelpers) => Promise<void>
}

/** Counts a scheduled run returns, for the log and `npm run cli -- run-task`. */
export type RunCounts = Record<string, number>

/**
 * A row of the job table that the clock queues (graphile-worker's crontab, UTC). `run` is a
 * function of "now" (ARCHITECTURE §3): the cron and `npm run cli -- run-task <task> --at <ISO>`
 * call the same one, so a run on demand has the schedule's idempotency.
 */
export type ScheduledJob = JobSpec<CronPayload> & {
  readonly cron: {
    readonly schedule: string
    /** How far back a missed run is caught up (graphile-worker's `fill`). */
    readonly fill?: string
  }
  /** For `run-task`'s list (pt-BR: operators read it). */
  readonly description: string
  /**
   * Which "now" the cron passes: the moment the schedule meant (`scheduled`, so a backfilled
   * run covers the same period) or the moment it actually runs (`actual`, the default).
   */
  readonly clock?: 'scheduled' | 'actual'
  /** Queued once each time a runner starts (recovery after a crash). */
  readonly atStartup?: boolean
  /** Logs `counts` at info when any of them is above zero; debug otherwise. */
  readonly run: (deps: ScheduledDeps, now: Date) => Promise<RunCounts>
}

export type JobRow = QueuedJob<object> | ScheduledJob

export function isScheduled(row: JobRow): row is ScheduledJob {
  return 'cron' in row
}

/** A spec with its payload type inferred from the schema. */
export function defineJob<P extends object>(spec: JobSpec<P>): JobSpec<P> {
  return spec
}

/** The job key for `suffix` (an id, a message id) under the row's prefix. */
export function jobKey(spec: JobSpec<object>, suffix: string | number): string {
  if (spec.keyPrefix === undefined) throw new Error(`${spec.task} has no job-key prefix`)
  return `${spec.keyPrefix}${suffix}`
}
