import { runMigrations, Logger as WorkerLogger } from 'graphile-worker'
import type { Db } from '../db/database.ts'
import type { Queryable } from '../db/transaction.ts'

export type AddJobOptions = {
  /** Jobs sharing a queue run one at a time, in order. */
  queueName?: string
  jobKey?: string
  runAt?: Date
  /** graphile-worker waits about e^n seconds before attempt n+1 (at most e^10 ≈ 6 h). */
  maxAttempts?: number
  /** For a key already queued and not yet running: keep its run_at (true) or move it. */
  preserveRunAt?: boolean
}

/**
 * Queues a job with SQL on the given client (graphile-worker's own add_job function), so that
 * inside a transaction the job exists if and only if the rest of the transaction commits: a
 * row stored is a row queued, even across a crash.
 */
export async function addJob(
  db: Queryable,
  task: string,
  payload: Record<string, unknown>,
  { queueName, jobKey, runAt, maxAttempts, preserveRunAt = false }: AddJobOptions = {},
): Promise<void> {
  await db.query(
    `select graphile_worker.add_job($1, $2::json, queue_name => $3::text,
       run_at => $4::timestamptz, max_attempts => $5::int, job_key => $6::text,
       job_key_mode => $7::text)`,
    [
      task,
      JSON.stringify(payload),
      queueName ?? null,
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
