import type { AdminUser, AdminUsersPage } from '@equilibrai/shared'
import type { Db } from '../platform/index.ts'
import { cursorTimestampSql, encodeKeysetCursor, type KeysetCursor } from './keyset-cursor.ts'

/** A profile id in a cursor: Better Auth makes them of letters and digits; allow any printable. */
export const USER_ID_PATTERN = /^[\x21-\x7e]{1,200}$/

/** `%`, `_` and the escape character itself match literally in a LIKE pattern after this. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`)
}

type Row = Omit<AdminUser, 'created_at' | 'subscribers'> & {
  created_at: Date
  plan_type: string
  subscription_status: string
  cursor_at: string
}

/**
 * The admin table (SPEC §7): profiles inner-joined with subscribers, newest first, one page.
 * `q` keeps the people whose name or e-mail contains it, ignoring case and accents. `limit` + 1
 * rows tell whether a next page exists without counting.
 */
export async function listAdminUsers(
  db: Db,
  params: { limit: number; cursor?: KeysetCursor | null; q?: string },
): Promise<AdminUsersPage> {
  const where: string[] = []
  const values: unknown[] = []
  if (params.q) {
    values.push(`%${escapeLike(params.q)}%`)
    where.push(`p.search_text like admin_search_fold($${values.length})`)
  }
  if (params.cursor) {
    values.push(params.cursor.at, params.cursor.id)
    where.push(`(p.created_at, p.id) < ($${values.length - 1}::timestamptz, $${values.length})`)
  }
  values.push(params.limit + 1)
  const { rows } = await db.query<Row>(
    `select p.id, p.name, p.email, p.phone, p.created_at, s.plan_type, s.subscription_status,
            ${cursorTimestampSql('p.created_at')} as cursor_at
       from profiles p
       join subscribers s on s.user_id = p.id
      ${where.length ? `where ${where.join(' and ')}` : ''}
      order by p.created_at desc, p.id desc
      limit $${values.length}`,
    values,
  )
  const page = rows.slice(0, params.limit)
  const last = page.at(-1)
  return {
    data: page.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      created_at: r.created_at.toISOString(),
      subscribers: { plan_type: r.plan_type, subscription_status: r.subscription_status },
    })),
    next_cursor:
      rows.length > params.limit && last
        ? encodeKeysetCursor({ at: last.cursor_at, id: last.id })
        : null,
  }
}
