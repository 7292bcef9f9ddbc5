import type { Profile } from '@equilibrai/shared'
import type { Db, Queryable } from '../platform/index.ts'

export type { Profile }

const COLUMNS = 'id, name, email, phone, created_at, updated_at'

export async function getProfile(
  db: Queryable,
  { userId }: { userId: string },
): Promise<Profile | null> {
  const { rows } = await db.query<Profile>(`select ${COLUMNS} from profiles where id = $1`, [
    userId,
  ])
  return rows[0] ?? null
}

/**
 * Name and phone (null when empty), with updated_at. The auth user's name follows, so e-mails
 * greet the person by the name they chose.
 */
export async function updateProfile(
  db: Db,
  { userId, name, phone }: { userId: string; name: string; phone: string | null },
): Promise<Profile | null> {
  const { rows } = await db.query<Profile>(
    `with updated as (
       update profiles set name = $2, phone = $3, updated_at = now()
        where id = $1
        returning ${COLUMNS}
     ), synced as (
       update "user" set name = $2, "updatedAt" = now()
        where id = $1 and exists (select 1 from updated)
     )
     select * from updated`,
    [userId, name, phone],
  )
  return rows[0] ?? null
}
