import { runMigrations, Logger as WorkerLogger } from 'graphile-worker'
import type { Db } from '../db/database.ts'
import type { Queryable } from '../db/transaction.ts'
import { type JobSpec, jobKey } from './job-spec.ts'

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
 * Queues a job (graphile-worker's add_job) on the given client, so that inside a transaction
 * the job exists if and only if the rest of the transaction commits: a row stored is a row
 * queued, even across a crash. Attempts, key prefix and queue come from the spec.
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

export type NewJob<P> = { payload: P; key?: string | number; queue?: string | null; runAt?: Date }

/**
 * Queues many jobs of one spec in one statement (graphile-worker's add_jobs), on the given
 * client like addJob: they commit with the transaction that caused them.
 */
export async function addJobs<P extends object>(
  db: Queryable,
  spec: JobSpec<P>,
  jobs: ReadonlyArray<NewJob<NoInfer<P>>>,
): Promise<void> {
  if (jobs.length === 0) return
  await db.query(
    `select count(*) from graphile_worker.add_jobs(
       array(select row($1::text, j.payload, j.queue, j.run_at, $2::int, j.job_key, null, null)
                      ::graphile_worker.job_spec
               from json_to_recordset($3::json)
                 as j(payload json, queue text, run_at timestamptz, job_key text)))`,
    [
      spec.task,
      spec.maxAttempts,
      JSON.stringify(
        jobs.map(({ payload, key, queue, runAt }) => ({
          payload,
          queue: queueName(spec, queue),
          run_at: runAt?.toISOString() ?? null,
          job_key: key === undefined ? null : jobKey(spec, key),
        })),
      ),
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
 * graphile-worker's schema, installed once per pool when the database is opened
 * (app/bootstrap.ts), before any request or job can queue one.
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
