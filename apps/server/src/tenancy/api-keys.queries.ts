import type { ApiKeySummary } from '@equilibrai/shared'
import type { AuthUser } from '../accounts/index.ts'
import type { Queryable } from '../platform/index.ts'

type KeyRow = {
  id: string
  name: string
  prefix: string
  created_at: Date
  last_used_at: Date | null
}

const toSummary = (row: KeyRow): ApiKeySummary => ({
  id: Number(row.id),
  name: row.name,
  prefix: row.prefix,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
})

export async function insertApiKey(
  db: Queryable,
  p: { userId: string; name: string; prefix: string; keyHash: Buffer },
): Promise<ApiKeySummary> {
  const { rows } = await db.query<KeyRow>(
    `insert into api_keys (user_id, name, prefix, key_hash) values ($1, $2, $3, $4)
     returning id, name, prefix, created_at, last_used_at`,
    [p.userId, p.name, p.prefix, p.keyHash],
  )
  const row = rows[0]
  if (!row) throw new Error('api key not inserted')
  return toSummary(row)
}

/**
 * Locks the person's profile row (the one row every key creation of theirs passes through) and
 * counts their live keys: inside a transaction, a concurrent creation waits for this one.
 */
export async function lockKeysOf(db: Queryable, { userId }: { userId: string }): Promise<number> {
  await db.query('select 1 from profiles where id = $1 for update', [userId])
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from api_keys where user_id = $1 and revoked_at is null',
    [userId],
  )
  return rows[0]?.n ?? 0
}

/** The user's keys that still work, newest first. */
export async function listApiKeys(
  db: Queryable,
  { userId }: { userId: string },
): Promise<ApiKeySummary[]> {
  const { rows } = await db.query<KeyRow>(
    `select id, name, prefix, created_at, last_used_at from api_keys
      where user_id = $1 and revoked_at is null order by created_at desc, id desc`,
    [userId],
  )
  return rows.map(toSummary)
}

/** Revokes one of the user's keys; false when there is no such live key of theirs. */
export async function revokeApiKey(
  db: Queryable,
  { userId, id }: { userId: string; id: number },
): Promise<boolean> {
  const result = await db.query(
    'update api_keys set revoked_at = now() where id = $1 and user_id = $2 and revoked_at is null',
    [id, userId],
  )
  return (result.rowCount ?? 0) > 0
}

export type ApiKeyCaller = {
  keyId: number
  user: AuthUser
  /** The key's requests in the current rate-limit window (this one included). */
  hits: number
  /** Seconds until that window ends. */
  windowLeftSeconds: number
}

/**
 * The live key with this hash, its owner, and this request counted against the key's rate
 * limit (the same `rate_limits` row and window rule as rate-limit/rate-limiter.ts), in ONE
 * statement: a key request costs one round trip before the plan check. The use is recorded at
 * most once a minute (a key called 100 times a second costs one write a minute there). A
 * banned account's keys do not work, like its sessions.
 */
export async function findApiKeyCaller(
  db: Queryable,
  { keyHash, windowSeconds }: { keyHash: Buffer; windowSeconds: number },
): Promise<ApiKeyCaller | null> {
  const { rows } = await db.query<AuthUser & { key_id: string; hits: number; window_left: number }>(
    `with k as (
       select k.id, k.user_id from api_keys k join "user" u on u.id = k.user_id
        where k.key_hash = $1 and k.revoked_at is null
          and (not coalesce(u.banned, false) or u."banExpires" < now())
     ), touched as (
       update api_keys set last_used_at = now()
        where id = (select id from k)
          and (last_used_at is null or last_used_at < now() - interval '1 minute')
     ), counted as (
       insert into rate_limits as r (key, window_started_at, hits)
       select 'api-key:' || k.id, now(), 1 from k
       on conflict (key) do update set
         window_started_at = case when r.window_started_at <= now() - make_interval(secs => $2)
                                  then now() else r.window_started_at end,
         hits = case when r.window_started_at <= now() - make_interval(secs => $2)
                     then 1 else r.hits + 1 end
       returning hits,
         extract(epoch from r.window_started_at + make_interval(secs => $2) - now())::float8
           as window_left
     )
     select k.id as key_id, counted.hits, counted.window_left,
            u.id, u.name, u.email, u."emailVerified", u.image, u."createdAt", u."updatedAt",
            u.role, u.banned, u."banReason", u."banExpires"
       from k join "user" u on u.id = k.user_id cross join counted`,
    [keyHash, windowSeconds],
  )
  const row = rows[0]
  if (!row) return null
  const { key_id, hits, window_left, ...user } = row
  return {
    keyId: Number(key_id),
    user: user as AuthUser,
    hits,
    windowLeftSeconds: Math.max(1, window_left),
  }
}
