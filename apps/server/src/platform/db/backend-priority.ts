import type pg from 'pg'
import type { Logger } from '../logger.ts'
import { lowerPriority, processName } from '../process-priority.ts'

/*
 * The job runner's PostgreSQL backends at a lower CPU priority (ADR 038): each new connection of
 * the worker's pool asks for its backend's pid and, when that backend is a `postgres` process of
 * this host (the connection is local: Unix socket or loopback, and /proc names the pid
 * `postgres`) and renicing it is permitted (same user), lowers it. Anywhere else — a database
 * on another host, another user's server, no /proc — it is skipped with one log line: a pid from
 * another host must never touch a local process.
 */

const BACKEND_SQL = `select pg_backend_pid() as pid,
  coalesce(host(inet_server_addr()) in ('127.0.0.1', '::1'), true) as local`

/**
 * The pool's `onConnect` hook for niced backends: runs on each new connection before it is
 * handed out (so no query of the caller's overlaps it). Never fails: a connection whose backend
 * cannot be reniced is used as it is.
 */
export function lowerBackendPriority(
  nice: number,
  log: Logger,
): ((client: pg.ClientBase) => Promise<void>) | undefined {
  if (nice <= 0) return undefined
  let told = false
  const skipped = (reason: string) => {
    if (told) return
    told = true
    log.info({ reason }, "the worker's database backends keep their priority")
  }
  return async (client) => {
    try {
      const [row] = (await client.query<{ pid: number; local: boolean }>(BACKEND_SQL)).rows
      if (!row?.local) return skipped('the database is on another host')
      if (processName(row.pid) !== 'postgres') return skipped('no local postgres process')
      if (!lowerPriority(row.pid, nice)) skipped('renicing is not permitted')
    } catch {
      skipped('the backend did not say its pid')
    }
  }
}
