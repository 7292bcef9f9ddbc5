import pg from 'pg'
import { lowerBackendPriority } from './backend-priority.ts'
import { PreparingClient } from './prepared-statements.ts'
import type { Env } from '../env.ts'
import type { Logger } from '../logger.ts'
import { type OwnerRole, openEmbeddedPostgres } from './embedded-postgres.ts'

export type Db = pg.Pool

export type Database = {
  pool: Db
  url: string
  close(): Promise<void>
}

// bigint (int8) columns hold centavos and counts well inside 2^53: read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v))
// `date` columns are calendar days, not instants: keep them as 'YYYY-MM-DD'.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v)

/**
 * How long a query waits for a free connection before failing. A request or job that cannot get
 * one within this time fails (and a job is retried) instead of hanging: nothing in the server
 * holds one connection while waiting for another (db/transaction.ts), so a full pool only means
 * a queue, and a wait this long means something is wrong.
 */
export const POOL_ACQUIRE_TIMEOUT_MS = 10_000

/** The client waits this much longer than the server's statement_timeout before giving up. */
const CLIENT_GRACE_MS = 2_000

export type PoolOptions = {
  max?: number
  /**
   * statement_timeout for every connection, and a client-side deadline 2 s longer: a statement
   * the server cannot cancel (the database frozen, the network gone) still ends. Unset: none.
   */
  statementTimeoutMs?: number
  /** Parametrized statements prepared once per connection (prepared-statements.ts). Default on. */
  prepare?: boolean
  /** Run on each new connection before it is handed out (the worker's backend priority). */
  onConnect?: (client: pg.ClientBase) => Promise<void>
}

export function createPool(
  url: string,
  { max = 10, statementTimeoutMs, prepare = true, onConnect }: PoolOptions = {},
): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(onConnect ? { onConnect } : {}),
    ...(prepare ? { Client: PreparingClient } : {}),
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: POOL_ACQUIRE_TIMEOUT_MS,
    ...(statementTimeoutMs
      ? {
          statement_timeout: statementTimeoutMs,
          query_timeout: statementTimeoutMs + CLIENT_GRACE_MS,
        }
      : {}),
  })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  pool.on('connect', (client) => client.on('error', () => {}))
  return pool
}

/** DATABASE_URL when set; otherwise the embedded PostgreSQL under DATA_DIR. */
/**
 * Connections a process needs: the web's 10, plus, where a job runner runs, one per job slot
 * (WORKER_CONCURRENCY and the webhook lane's) and a few for the runners' LISTEN connections and
 * the heartbeat, so job slots never queue for a connection behind each other or HTTP.
 */
export function poolSizeFor(env: Env, role: OwnerRole): number {
  const jobs = env.WORKER_CONCURRENCY + env.WEBHOOK_CONCURRENCY + 4
  if (role === 'worker') return jobs
  return role === 'server' && env.WORKER === 'on' ? 10 + jobs : 10
}

export async function openDatabase(env: Env, role: OwnerRole, log: Logger): Promise<Database> {
  const onConnect =
    // The job runner's backends yield the CPU to the server's (ADR 038).
    role === 'worker' ? lowerBackendPriority(env.WORKER_DB_NICE, log) : undefined
  const options = {
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    max: poolSizeFor(env, role),
    ...(onConnect ? { onConnect } : {}),
  }
  if (env.DATABASE_URL) {
    const pool = createPool(env.DATABASE_URL, options)
    return { pool, url: env.DATABASE_URL, close: () => pool.end() }
  }
  const embedded = await openEmbeddedPostgres(env.DATA_DIR, role, log)
  const pool = createPool(embedded.url, options)
  return {
    pool,
    url: embedded.url,
    close: async () => {
      await pool.end()
      await embedded.stop()
    },
  }
}
