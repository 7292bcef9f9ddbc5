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

/**
 * A fresh DATA_DIR whose cluster preloads pg_stat_statements (track=all), with any further
 * `settings` (ALTER SYSTEM: e.g. track_io_timing for ioAndWal's times).
 */
export async function dataDirWithStatements(
  settings: Record<string, string> = {},
): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'equilibrai-bench-'))
  const embedded = await openEmbeddedPostgres(dir, 'server', createLogger('warn'))
  const client = new pg.Client({ connectionString: embedded.url })
  await client.connect()
  try {
    await client.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`)
    await client.query(`alter system set pg_stat_statements.track = 'all'`)
    await client.query(`alter system set pg_stat_statements.max = 10000`)
    for (const [name, value] of Object.entries(settings)) {
      if (!/^[a-z_.]+$/.test(name)) throw new Error(`not a setting: ${name}`)
      await client.query(`alter system set ${name} = '${value.replace(/'/g, "''")}'`)
    }
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

/** Starts counting I/O and WAL from zero (pg_stat_io, pg_stat_wal). */
export async function resetIoAndWal(db: pg.Pool): Promise<void> {
  await db.query(`select pg_stat_reset_shared('io'), pg_stat_reset_shared('wal')`)
}

/**
 * What the run wrote and waited for since resetIoAndWal: WAL records, full-page images and
 * bytes, and per kind of process the relation pages read (not in shared_buffers), written and
 * evicted, and the WAL written and synced — with their times when track_io_timing and
 * track_wal_io_timing are on. A client backend that evicts dirty pages or writes WAL itself is
 * waiting on I/O, not computing.
 */
export async function printIoAndWal(
  db: pg.Pool,
  fmt: (n: number, digits?: number) => string,
): Promise<void> {
  const { rows: wal } = await db.query<{ records: string; fpi: string; mb: number; full: string }>(
    `select wal_records as records, wal_fpi as fpi, wal_bytes / 1048576.0 as mb,
            wal_buffers_full as full from pg_stat_wal`,
  )
  const w = wal[0]
  if (w)
    console.log(
      `  WAL: ${fmt(Number(w.records))} records, ${fmt(Number(w.fpi))} full-page images, ${fmt(Number(w.mb))} MB, WAL buffers full ${fmt(Number(w.full))} times`,
    )
  const { rows } = await db.query<{
    backend_type: string
    object: string
    reads: string
    read_ms: number
    writes: string
    write_ms: number
    evictions: string
    fsyncs: string
    fsync_ms: number
    hits: string
  }>(
    `select backend_type, object, sum(reads) as reads, sum(read_time) as read_ms,
            sum(writes) as writes, sum(write_time) as write_ms, sum(evictions) as evictions,
            sum(fsyncs) as fsyncs, sum(fsync_time) as fsync_ms, sum(hits) as hits
       from pg_stat_io
      group by 1, 2
     having sum(coalesce(reads, 0) + coalesce(writes, 0) + coalesce(fsyncs, 0) + coalesce(evictions, 0)) > 0
      order by 1, 2`,
  )
  console.log(
    '  I/O (pg_stat_io): process, object: reads (ms), writes (ms), evictions, fsyncs (ms), hits',
  )
  for (const r of rows) {
    console.log(
      `    ${r.backend_type}, ${r.object}: ${fmt(Number(r.reads ?? 0))} (${fmt(r.read_ms ?? 0)}), ${fmt(Number(r.writes ?? 0))} (${fmt(r.write_ms ?? 0)}), ${fmt(Number(r.evictions ?? 0))}, ${fmt(Number(r.fsyncs ?? 0))} (${fmt(r.fsync_ms ?? 0)}), ${fmt(Number(r.hits ?? 0))}`,
    )
  }
}
