import { runMigrations, Logger as WorkerLogger } from 'graphile-worker'
import type { Db } from '../db/database.ts'
import type { Queryable } from '../db/transaction.ts'
import { type JobSpec, jobKey } from './jobs.ts'

export type AddJobOptions = {
  /** Appended to the row's key prefix: one waiting job per key. */
  key?: string | number
  /** Appended to the row's queue (`stripe:<customer>`); without it, the row's queue itself. */
  queue?: string | null
  runAt?: Date
  /** For a key already queued and not yet running: keep its run_at (true) or move it. */
  preserveRunAt?: boolean
}

/**
 * Queues a job of the table (jobs.ts) with SQL on the given client (graphile-worker's own
 * add_job function), so that inside a transaction the job exists if and only if the rest of the
 * transaction commits: a row stored is a row queued, even across a crash. Attempts, key prefix
 * and queue come from the table.
 */
export async function addJob<P extends object>(
  db: Queryable,
  spec: JobSpec<P>,
  payload: NoInfer<P>,
  { key, queue, runAt, preserveRunAt = false }: AddJobOptions = {},
): Promise<void> {
  await db.query(
    `select graphile_worker.add_job($1, $2::json, queue_name => $3::text,
       run_at => $4::timestamptz, max_attempts => $5::int, job_key => $6::text,
       job_key_mode => $7::text)`,
    [
      spec.task,
      JSON.stringify(payload),
      queueName(spec, queue),
      runAt ?? null,
      spec.maxAttempts,
      key === undefined ? null : jobKey(spec, key),
      preserveRunAt ? 'preserve_run_at' : 'replace',
    ],
  )
}

function queueName(spec: JobSpec<object>, suffix: string | null | undefined): string | null {
  if (!spec.queue) {
    if (suffix) throw new Error(`${spec.task} has no queue`)
    return null
  }
  return suffix ? `${spec.queue}:${suffix}` : spec.queue
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
