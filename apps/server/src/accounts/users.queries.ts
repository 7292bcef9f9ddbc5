import type { Db } from '../platform/index.ts'

/** Better Auth stores e-mails lowercased. */
export async function emailIsRegistered(db: Db, email: string): Promise<boolean> {
  const { rows } = await db.query<{ taken: boolean }>(
    'select exists (select 1 from "user" where email = lower($1)) as taken',
    [email.trim()],
  )
  return rows[0]?.taken === true
}

export type UserSummary = { id: string; email: string; name: string; role: string | null }

export async function findUserByEmail(db: Db, email: string): Promise<UserSummary | null> {
  const { rows } = await db.query<UserSummary>(
    'select id, email, name, role from "user" where email = lower($1)',
    [email.trim()],
  )
  return rows[0] ?? null
}

export type Role = 'admin' | 'user'

/** The admin plugin's `role` column: 'admin' or 'user'. Null when no such user exists. */
export async function setUserRole(
  db: Db,
  { userId, role }: { userId: string; role: Role },
): Promise<Role | null> {
  const { rows } = await db.query<{ role: Role }>(
    'update "user" set role = $2, "updatedAt" = now() where id = $1 returning role',
    [userId, role],
  )
  return rows[0]?.role ?? null
}
