import type pg from 'pg'
import type { Db } from '../db/database.ts'

/** The pool or a client inside a transaction: every query function accepts either. */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>

/**
 * Runs `fn` in one database transaction on one client: committed when it returns, rolled back
 * when it throws (the error is rethrown).
 */
export async function withTransaction<T>(
  db: Db,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await db.connect()
  try {
    await client.query('begin')
    const result = await fn(client)
    await client.query('commit')
    return result
  } catch (error) {
    await client.query('rollback').catch(() => {})
    throw error
  } finally {
    client.release()
  }
}

/** PostgreSQL's unique_violation, optionally on one constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false
  const e = error as { code?: string; constraint?: string }
  return e.code === '23505' && (constraint === undefined || e.constraint === constraint)
}
