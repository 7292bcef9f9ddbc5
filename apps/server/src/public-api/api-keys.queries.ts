import type { ApiKeySummary } from '@equilibrai/shared'
import type { AuthUser } from '../auth/auth.ts'
import type { Queryable } from '../db/transaction.ts'

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

export type ApiKeyCaller = { keyId: number; user: AuthUser }

/**
 * The live key with this hash and its owner, in one statement that also records the use at
 * most once a minute (a key called 100 times a second costs one write a minute, not 100 a
 * second). A banned account's keys do not work, like its sessions.
 */
export async function findApiKeyCaller(
  db: Queryable,
  { keyHash }: { keyHash: Buffer },
): Promise<ApiKeyCaller | null> {
  const { rows } = await db.query<AuthUser & { key_id: string }>(
    `with k as (
       select id, user_id, last_used_at from api_keys where key_hash = $1 and revoked_at is null
     ), touched as (
       update api_keys set last_used_at = now()
        where id = (select id from k)
          and (last_used_at is null or last_used_at < now() - interval '1 minute')
     )
     select k.id as key_id, u.id, u.name, u.email, u."emailVerified", u.image, u."createdAt",
            u."updatedAt", u.role, u.banned, u."banReason", u."banExpires"
       from k join "user" u on u.id = k.user_id
      where not coalesce(u.banned, false) or u."banExpires" < now()`,
    [keyHash],
  )
  const row = rows[0]
  if (!row) return null
  const { key_id, ...user } = row
  return { keyId: Number(key_id), user: user as AuthUser }
}
