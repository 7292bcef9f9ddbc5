import type pg from 'pg'
import type { Db } from './database.ts'

/** The pool or a client inside a transaction: every query function accepts either. */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>

/**
 * Runs `fn` in one database transaction on a client of its own: committed when it returns,
 * rolled back when it throws (the error is rethrown).
 */
export async function withTransaction<T>(
  db: Db,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await db.connect()
  try {
    return await inTransaction(client, fn)
  } finally {
    client.release()
  }
}

/**
 * The same on a client the caller already holds (and releases): for work that keeps one
 * connection across several transactions, such as a job holding a session lock, so that it
 * never waits for a second connection from the pool while holding the first.
 */
export async function inTransaction<T>(
  client: pg.PoolClient,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  await client.query('begin')
  try {
    const result = await fn(client)
    await client.query('commit')
    return result
  } catch (error) {
    // A connection that cannot roll back is dead: the pool drops it when it is released.
    await client.query('rollback').catch(() => {})
    throw error
  }
}

/** PostgreSQL's unique_violation, optionally on one constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false
  const e = error as { code?: string; constraint?: string }
  return e.code === '23505' && (constraint === undefined || e.constraint === constraint)
}
