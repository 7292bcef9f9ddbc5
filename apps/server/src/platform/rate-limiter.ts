import { createHmac } from 'node:crypto'
import type { Db } from './db/database.ts'

export type RateLimitRule = { max: number; windowSeconds: number }
/** `hits`: attempts counted in the current window, this one included. */
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number; hits: number }

/**
 * Counts one attempt against `key` in a fixed window, atomically in PostgreSQL (one statement,
 * so concurrent attempts on several instances cannot all slip through a stale read).
 */
export async function consumeRateLimit(
  db: Db,
  { key, rule }: { key: string; rule: RateLimitRule },
): Promise<RateLimitResult> {
  const { rows } = await db.query<{ hits: number; retry_after: number }>(
    `insert into rate_limits as r (key, window_started_at, hits) values ($1, now(), 1)
     on conflict (key) do update set
       window_started_at = case when r.window_started_at <= now() - make_interval(secs => $2)
                                then now() else r.window_started_at end,
       hits = case when r.window_started_at <= now() - make_interval(secs => $2)
                   then 1 else r.hits + 1 end
     returning hits,
       extract(epoch from r.window_started_at + make_interval(secs => $2) - now())::float8
         as retry_after`,
    [key, rule.windowSeconds],
  )
  const row = rows[0]
  if (!row) throw new Error('rate limit: no row returned')
  return {
    allowed: row.hits <= rule.max,
    retryAfterSeconds: Math.max(1, row.retry_after),
    hits: row.hits,
  }
}

/** Drops counters whose window ended long ago (a job runs it). */
export async function pruneRateLimits(db: Db, olderThanSeconds = 86_400): Promise<number> {
  const result = await db.query(
    'delete from rate_limits where window_started_at < now() - make_interval(secs => $1)',
    [olderThanSeconds],
  )
  return result.rowCount ?? 0
}

/** A stable, non-reversible key for an identifier (an IP address, an e-mail). */
export function rateLimitKey(secret: string, scope: string, identifier: string): string {
  const digest = createHmac('sha256', secret).update(`${scope}\0${identifier}`).digest('base64url')
  return `${scope}:${digest.slice(0, 32)}`
}
