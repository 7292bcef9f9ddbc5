import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openEmbeddedPostgres } from '../src/platform/db/embedded-postgres.ts'
import { createLogger } from '../src/platform/logger.ts'

/*
 * Where PostgreSQL's time goes, for a benchmark: pg_stat_statements (shipped with the embedded
 * build) preloaded, tracking every statement, those inside plpgsql functions and triggers
 * included (track=all). The cluster is made and configured once beforehand (ALTER SYSTEM, then
 * a restart: the library loads only at start); the bench server then opens the same DATA_DIR.
 */

/** A fresh DATA_DIR whose cluster preloads pg_stat_statements (track=all). */
export async function dataDirWithStatements(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'equilibrai-bench-'))
  const embedded = await openEmbeddedPostgres(dir, 'server', createLogger('warn'))
  const client = new pg.Client({ connectionString: embedded.url })
  await client.connect()
  try {
    await client.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`)
    await client.query(`alter system set pg_stat_statements.track = 'all'`)
    await client.query(`alter system set pg_stat_statements.max = 10000`)
  } finally {
    await client.end()
    await embedded.stop()
  }
  return dir
}

/** Starts counting from zero (the extension is created on first use). */
export async function resetStatements(db: pg.Pool): Promise<void> {
  await db.query('create extension if not exists pg_stat_statements')
  await db.query('select pg_stat_statements_reset()')
}

/**
 * The statements that took the most execution time since the reset, per message. A statement
 * run inside a function or trigger (nested) is listed on its own and is also part of the time
 * of the statement that called it: the top-level total is the sum of the unmarked lines.
 */
export async function printStatementTimes(
  db: pg.Pool,
  messages: number,
  fmt: (n: number, digits?: number) => string,
  top = 20,
  /** What `messages` counts, for the headings: e.g. 'run' with messages = 1 (a whole run's totals). */
  per = 'message',
): Promise<void> {
  const { rows } = await db.query<{
    query: string
    toplevel: boolean
    calls: string
    total: number
    mean: number
  }>(
    `select regexp_replace(query, '\\s+', ' ', 'g') as query, toplevel, calls,
            total_exec_time as total, mean_exec_time as mean
       from pg_stat_statements
      where query not like '%pg_stat_statements%'
      order by total_exec_time desc`,
  )
  const topLevel = rows.filter((r) => r.toplevel).reduce((sum, r) => sum + r.total, 0)
  // Execution time is wall time in the backend: a statement waiting for a lock (an advisory
  // lock, a row another transaction holds) counts its wait, which costs no CPU.
  console.log(
    `  PostgreSQL execution time: ${fmt(topLevel / messages, 2)} ms per ${per}, lock waits included (top-level statements)`,
  )
  console.log(`     ms/${per}  calls/${per}  mean ms   (* = inside a function or trigger)`)
  for (const r of rows.slice(0, top)) {
    console.log(
      `    ${fmt(r.total / messages, 3).padStart(7)}  ${fmt(Number(r.calls) / messages, 3).padStart(9)}  ${fmt(r.mean, 3).padStart(7)} ${r.toplevel ? ' ' : '*'} ${r.query.slice(0, 100)}`,
    )
  }
}
