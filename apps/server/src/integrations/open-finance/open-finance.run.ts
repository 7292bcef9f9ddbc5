import { addJob, type Db, type Env, type Logger, type Queryable } from '../../platform/index.ts'
import { AggregatorError } from './aggregator.ts'
import { connectionsToRefresh } from './connections.queries.ts'
import { openFinanceSyncJob } from './open-finance.jobs.ts'
import { giveUp, syncConnection } from './sync.ts'

/**
 * 429/5xx from the aggregator: tried again after 0.5 s, 1 s, 2 s... (at most 5 min apart), 10
 * times in all; then the connection is `outdated` with the partial read said in its error.
 * An item still updating at the bank is looked at again after 0.5 s, 1 s... (at most 30 s), for
 * about 10 minutes; then `outdated` too. The job table passes this one; a test passes its own
 * (same counts, millisecond pauses) through the job's dependencies.
 */
export type SyncPolicy = {
  maxRetries: number
  retryBaseMs: number
  retryMaxMs: number
  maxWaits: number
  waitBaseMs: number
  waitMaxMs: number
}
export const OPEN_FINANCE_POLICY: SyncPolicy = {
  maxRetries: 10,
  retryBaseMs: 500,
  retryMaxMs: 5 * 60_000,
  maxWaits: 30,
  waitBaseMs: 500,
  waitMaxMs: 30_000,
}

/**
 * `at`: the "now" the sync compares the consent with (the daily run's, e.g. run-task --at).
 * `attempt` counts failed reads and `waits` the times the bank was still updating, apart.
 */
export function queueSync(
  db: Queryable,
  connectionId: number,
  {
    attempt = 0,
    waits = 0,
    runAt,
    at,
  }: { attempt?: number; waits?: number; runAt?: Date; at?: string } = {},
) {
  return addJob(
    db,
    openFinanceSyncJob,
    { connection_id: connectionId, attempt, waits, ...(at ? { at } : {}) },
    { key: connectionId, queue: String(connectionId), ...(runAt ? { runAt } : {}) },
  )
}

const backoff = (attempt: number, base: number, max: number) => Math.min(max, base * 2 ** attempt)

/** The job's work: one sync, then its own next step (wait, retry, give up). */
export async function runSyncJob(
  deps: { db: Db; env: Env; log: Logger; policy?: SyncPolicy },
  {
    connection_id,
    attempt,
    waits = 0,
    at,
  }: { connection_id: number; attempt: number; waits?: number; at?: string },
) {
  const outcome = await syncConnection(deps, connection_id, at ? new Date(at) : new Date())
  const p = deps.policy ?? OPEN_FINANCE_POLICY
  if (outcome.kind === 'done') return
  if (outcome.kind === 'wait') {
    if (waits < p.maxWaits) {
      const delay = backoff(waits, p.waitBaseMs, p.waitMaxMs)
      const runAt = new Date(Date.now() + delay)
      await queueSync(deps.db, connection_id, { attempt, waits: waits + 1, runAt, at })
    } else {
      await giveUp(
        deps,
        connection_id,
        new AggregatorError(null, 'o banco não terminou de atualizar'),
      )
    }
    return
  }
  deps.log.warn(
    { connection_id, attempt, status: outcome.error.status, error: outcome.error.message },
    'open finance: aggregator failed, sync retried',
  )
  if (attempt < p.maxRetries) {
    const delay = backoff(attempt, p.retryBaseMs, p.retryMaxMs)
    const runAt = new Date(Date.now() + delay)
    await queueSync(deps.db, connection_id, { attempt: attempt + 1, waits, runAt, at })
    return
  }
  await giveUp(deps, connection_id, outcome.error)
}

/**
 * The daily run: every connection not waiting on its person is read again, its consent compared
 * with the run's "now" (a consent ended stops it there: needs_action, not read again).
 */
export async function queueDailySyncs(db: Db, at = new Date()): Promise<{ queued: number }> {
  const ids = await connectionsToRefresh(db)
  for (const id of ids) await queueSync(db, id, { at: at.toISOString() })
  return { queued: ids.length }
}
