import type pg from 'pg'
import type { Queryable } from './transaction.ts'

/*
 * PostgreSQL advisory locks on text keys ('whatsapp-send:<wa_id>'...), the one way the server
 * serialises work that has no row to lock. A transaction lock ends with the transaction; a
 * session lock is held by the connection until unlocked or the connection closes (so a crashed
 * worker's locks go with it).
 */

/** Waits for the lock; released when the transaction ends. */
export async function lockForTransaction(tx: Queryable, key: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [key])
}

/** Waits for the lock; held by this connection until unlockSession. */
export async function lockForSession(client: pg.PoolClient, key: string): Promise<void> {
  await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [key])
}

/** Takes the lock for this connection if it is free; false when someone holds it. */
export async function tryLockForSession(client: pg.PoolClient, key: string): Promise<boolean> {
  const { rows } = await client.query<{ ok: boolean }>(
    'select pg_try_advisory_lock(hashtextextended($1, 0)) as ok',
    [key],
  )
  return rows[0]?.ok === true
}

export async function unlockSession(client: pg.PoolClient, key: string): Promise<void> {
  await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key])
}

/** Releases several session locks of this connection in one round trip. */
export async function unlockSessions(
  client: pg.PoolClient,
  keys: readonly string[],
): Promise<void> {
  if (keys.length === 0) return
  await client.query(
    'select pg_advisory_unlock(hashtextextended(k, 0)) from unnest($1::text[]) k',
    [keys],
  )
}
