import { EventEmitter } from 'node:events'
import os from 'node:os'
import type { WorkerEvents } from 'graphile-worker'
import type { Db } from '../db/database.ts'
import type { Logger } from '../logger.ts'

/*
 * Crash recovery for every job kind. graphile-worker 0.17 stamps a job it takes with
 * locked_by (the worker pool's id; a worker's own id in other versions) and locked_at, and only
 * frees it after four hours. So each runner process says, every `staleAfterMs / 4`, "these
 * lockers are alive" (worker_heartbeats), and the same loop unlocks any job — and job queue —
 * locked for longer than `staleAfterMs` by a locker not heard from within `staleAfterMs`. The
 * job then runs again at once, with the attempt the dead worker used counted; jobs are written
 * to be run twice safely (their own keys and row states skip finished work), so a locker only
 * paused past the window (a stopped VM) costs a repeat, not a duplicate.
 *
 * Worst case from the crash to the job being taken again: staleAfterMs + one beat + the poll
 * interval (60 s + 15 s + 1 s by default: inside the 2 minutes ARCHITECTURE §12 promises).
 */

export type LockRecovery = {
  /** The emitter to pass to graphile-worker's run() so that lockers are seen from the start. */
  events: WorkerEvents
  /** Stops the loop and forgets this process's lockers (so nobody waits for them). */
  stop(): Promise<void>
}

export function startLockRecovery(
  db: Db,
  log: Logger,
  { staleAfterMs }: { staleAfterMs: number },
): LockRecovery {
  const events: WorkerEvents = new EventEmitter()
  const lockers = new Set<string>()
  events.on('pool:create', ({ workerPool }) => lockers.add(workerPool.id))
  events.on('pool:release', ({ workerPool }) => lockers.delete(workerPool.id))
  events.on('worker:create', ({ worker }) => lockers.add(worker.workerId))
  events.on('worker:release', ({ worker }) => lockers.delete(worker.workerId))
  const process = `${os.hostname()}:${globalThis.process.pid}`
  const beatMs = Math.max(250, Math.floor(staleAfterMs / 4))

  let timer: NodeJS.Timeout | null = null
  let running: Promise<void> = Promise.resolve()
  let stopped = false
  const tick = async () => {
    try {
      await beat(db, process, [...lockers])
      const freed = await sweep(db, staleAfterMs)
      if (freed > 0) log.warn({ freed }, 'jobs of a dead worker unlocked')
    } catch (error) {
      // The database is down or stalled: the next beat tries again.
      log.warn({ err: error }, 'worker heartbeat failed')
    }
  }
  const schedule = () => {
    if (stopped) return
    timer = setTimeout(() => {
      running = tick().finally(schedule)
    }, beatMs)
    timer.unref()
  }
  // The first beat waits for the pools to exist; the first sweep with it.
  schedule()

  return {
    events,
    stop: async () => {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
      await db.query('delete from worker_heartbeats where process = $1', [process]).catch(() => {})
    },
  }
}

async function beat(db: Db, process: string, lockers: string[]): Promise<void> {
  if (lockers.length === 0) return
  await db.query(
    `insert into worker_heartbeats (locker_id, process, seen_at)
     select unnest($1::text[]), $2, now()
     on conflict (locker_id) do update set seen_at = now(), process = excluded.process`,
    [lockers, process],
  )
}

/**
 * SQL condition: the job (or job queue) `row` of graphile_worker is held by a live locker. The
 * one definition of "not abandoned" for every sweep: the lock sweep below frees exactly the locks
 * it does not hold; the messaging and mail sweeps leave the work of held jobs alone. Live: locked
 * within the stale window (`staleMs`, milliseconds), or by a locker heard from within it. A runner
 * that has just started locks jobs (its local queue's first fetch, job-runner.ts) before its
 * first heartbeat, a quarter of the window later: a locker not heard from yet is not dead until
 * its lock is older than the window (ADR 024, 2026-11-26 late).
 */
export const heldByLiveLockerSql = (row: string, staleMs: string) => {
  const since = `now() - make_interval(secs => ${staleMs}::double precision / 1000)`
  return `(${row}.locked_at is not null and (${row}.locked_at >= ${since}
     or exists (select 1 from worker_heartbeats h
                 where h.locker_id = ${row}.locked_by and h.seen_at >= ${since})))`
}

/** Unlocks what silent lockers hold; returns how many jobs were freed. */
export async function sweep(db: Db, staleAfterMs: number): Promise<number> {
  const { rows } = await db.query<{ freed: number }>(
    `with dead_jobs as (
       update graphile_worker._private_jobs j
          set locked_at = null, locked_by = null, run_at = greatest(j.run_at, now())
        where j.locked_at is not null and not ${heldByLiveLockerSql('j', '$1')}
       returning 1
     ), dead_queues as (
       update graphile_worker._private_job_queues q
          set locked_at = null, locked_by = null
        where q.locked_at is not null and not ${heldByLiveLockerSql('q', '$1')}
       returning 1
     ), forgotten as (
       delete from worker_heartbeats where seen_at < now() - interval '1 day'
     )
     select (select count(*) from dead_jobs)::int as freed,
            (select count(*) from dead_queues)::int as queues`,
    [staleAfterMs],
  )
  return rows[0]?.freed ?? 0
}
