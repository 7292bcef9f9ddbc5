import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type pg from 'pg'
import type { Db } from './database.ts'
import { inTransaction } from './transaction.ts'

const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../migrations',
)
/** Any constant: several instances starting at once migrate one at a time. */
const MIGRATION_LOCK = 7_263_114

/**
 * Migrations are exempt from the pool's statement timeout: waiting for another instance's
 * migrations, or building an index on a large table, may rightly take long. pg reads a
 * per-query `query_timeout` (the client-side deadline), which its types do not list.
 */
const NO_DEADLINE_MS = 24 * 60 * 60_000
const unbounded = (text: string, values?: unknown[]) =>
  ({ text, values, query_timeout: NO_DEADLINE_MS }) as pg.QueryConfig

/**
 * Applies the committed SQL files in migrations/ in name order, each in its own transaction,
 * once. Returns the names it applied.
 */
export async function migrate(db: Db): Promise<string[]> {
  const client = await db.connect()
  try {
    await client.query('set statement_timeout = 0')
    await client.query(unbounded('select pg_advisory_lock($1)', [MIGRATION_LOCK]))
    await client.query(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    )
    const done = new Set(
      (await client.query<{ name: string }>('select name from schema_migrations')).rows.map(
        (r) => r.name,
      ),
    )
    const applied: string[] = []
    for (const file of readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort()) {
      if (done.has(file)) continue
      const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')
      await inTransaction(client, async (tx) => {
        await tx.query(unbounded(sql))
        await tx.query('insert into schema_migrations (name) values ($1)', [file])
      }).catch((error: Error) => {
        throw new Error(`migração ${file} falhou: ${error.message}`)
      })
      applied.push(file)
    }
    return applied
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
    await client.query('reset statement_timeout').catch(() => {})
    client.release()
  }
}
