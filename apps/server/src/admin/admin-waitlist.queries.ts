import type { AdminWaitlistEntry, AdminWaitlistPage } from '@equilibrai/shared'
import type { Db } from '../platform/index.ts'
import {
  cursorTimestampSql,
  decodeKeysetCursor,
  encodeKeysetCursor,
  type KeysetCursor,
} from './keyset-cursor.ts'

/** usuarios.id is a bigserial. */
export const WAITLIST_ID_PATTERN = /^[1-9]\d{0,18}$/

type Row = Omit<AdminWaitlistEntry, 'created_at'> & { created_at: Date; cursor_at: string }

/** Waitlist rows newest first, one page; `limit` + 1 rows tell whether there is a next one. */
export async function listWaitlist(
  db: Db,
  params: { limit: number; cursor?: KeysetCursor | null },
): Promise<Omit<AdminWaitlistPage, 'count'>> {
  const values: unknown[] = [params.limit + 1]
  let where = ''
  if (params.cursor) {
    values.push(params.cursor.at, params.cursor.id)
    where = 'where (created_at, id) < ($2::timestamptz, $3::bigint)'
  }
  const { rows } = await db.query<Row>(
    `select id, nome, whatssapp, email, created_at,
            ${cursorTimestampSql('created_at')} as cursor_at
       from usuarios
      ${where}
      order by created_at desc, id desc
      limit $1`,
    values,
  )
  const page = rows.slice(0, params.limit)
  const last = page.at(-1)
  return {
    data: page.map(({ cursor_at: _, created_at, ...r }) => ({
      ...r,
      created_at: created_at.toISOString(),
    })),
    next_cursor:
      rows.length > params.limit && last
        ? encodeKeysetCursor({ at: last.cursor_at, id: String(last.id) })
        : null,
  }
}

export async function countWaitlist(db: Db): Promise<number> {
  const { rows } = await db.query<{ count: number }>('select count(*)::int as count from usuarios')
  return rows[0]?.count ?? 0
}

/** Every waitlist row, newest first, a page at a time: the CSV export never holds them all. */
export async function* eachWaitlistPage(
  db: Db,
  pageSize = 1000,
): AsyncGenerator<AdminWaitlistEntry[]> {
  let cursor: KeysetCursor | null = null
  do {
    const page = await listWaitlist(db, { limit: pageSize, cursor })
    if (page.data.length) yield page.data
    cursor = page.next_cursor ? decodeKeysetCursor(page.next_cursor, WAITLIST_ID_PATTERN) : null
  } while (cursor)
}
