import { Logger as WorkerLogger, runMigrations } from 'graphile-worker'
import type { Db } from '../db/database.ts'
import type { Queryable } from '../ledger/db-tx.ts'

/*
 * Enqueuing graphile-worker jobs with SQL, so that a job is added in the same transaction as
 * the row it works on: a message stored is a message queued, even across a crash.
 */

export const TASKS = {
  inbound: 'whatsapp_inbound',
  send: 'whatsapp_send',
  status: 'whatsapp_status',
  recover: 'whatsapp_recover',
  retention: 'whatsapp_retention',
} as const

type AddJobOptions = {
  jobKey?: string
  runAt?: Date
  maxAttempts?: number
  /** For a key already queued and not yet running: keep its run_at (true) or move it. */
  preserveRunAt?: boolean
}

export async function addJob(
  db: Queryable,
  task: string,
  payload: Record<string, unknown>,
  { jobKey, runAt, maxAttempts, preserveRunAt = false }: AddJobOptions = {},
): Promise<void> {
  await db.query(
    `select graphile_worker.add_job($1, $2::json, run_at => $3::timestamptz,
       max_attempts => $4::int, job_key => $5::text, job_key_mode => $6::text)`,
    [
      task,
      JSON.stringify(payload),
      runAt ?? null,
      maxAttempts ?? null,
      jobKey ?? null,
      preserveRunAt ? 'preserve_run_at' : 'replace',
    ],
  )
}

const installed = new WeakMap<Db, Promise<void>>()

/**
 * graphile-worker's schema, installed once per pool. The job runner installs it when it starts;
 * an instance with WORKER=off may receive a webhook before any runner ever ran.
 */
export function ensureJobSchema(db: Db): Promise<void> {
  let done = installed.get(db)
  if (!done) {
    done = runMigrations({ pgPool: db, logger: new WorkerLogger(() => () => {}) })
    done.catch(() => installed.delete(db))
    installed.set(db, done)
  }
  return done
}
