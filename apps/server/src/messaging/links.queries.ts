import type { Queryable } from '../platform/index.ts'
import { phoneKey } from './phone.ts'

/*
 * Account links and linking codes (the rules are in links.ts). One number, one account; one
 * account, one number.
 */

/**
 * Stores the user's new code (replacing the previous one) until `ttlMs` from now; a unique
 * violation on the primary key means another user holds this code.
 */
export async function storeLinkCode(
  db: Queryable,
  { userId, code, ttlMs }: { userId: string; code: string; ttlMs: number },
): Promise<Date> {
  const { rows } = await db.query<{ expires_at: Date }>(
    `insert into whatsapp_link_codes (code, user_id, expires_at)
     values ($1, $2, now() + make_interval(secs => $3::float8 / 1000))
     on conflict (user_id) do update
       set code = excluded.code, expires_at = excluded.expires_at, created_at = now()
     returning expires_at`,
    [code, userId, ttlMs],
  )
  const row = rows[0]
  if (!row) throw new Error('link code not stored')
  return row.expires_at
}

/** Uses up a live code: the user it belongs to, or null (unknown, expired or already used). */
export async function consumeLinkCode(tx: Queryable, code: string): Promise<string | null> {
  const { rows } = await tx.query<{ user_id: string }>(
    'delete from whatsapp_link_codes where code = $1 and expires_at > now() returning user_id',
    [code],
  )
  return rows[0]?.user_id ?? null
}

/** Ties the number to the account, moving it from any other account (see above). */
export async function linkNumber(
  tx: Queryable,
  { userId, waId }: { userId: string; waId: string },
): Promise<{ movedFrom: string | null }> {
  const key = phoneKey(waId)
  const moved = await tx.query<{ user_id: string }>(
    'delete from whatsapp_links where phone_key = $1 and user_id <> $2 returning user_id',
    [key, userId],
  )
  await tx.query(
    `insert into whatsapp_links (user_id, phone_key, wa_id) values ($1, $2, $3)
     on conflict (user_id) do update
       set phone_key = excluded.phone_key, wa_id = excluded.wa_id,
           linked_at = case when whatsapp_links.phone_key = excluded.phone_key
                            then whatsapp_links.linked_at else now() end,
           updated_at = now()`,
    [userId, key, waId],
  )
  return { movedFrom: moved.rows[0]?.user_id ?? null }
}

export type Link = { userId: string; waId: string; linkedAt: Date }

/** The account a number belongs to, whichever form of the number wrote. */
export async function findLinkByWaId(db: Queryable, waId: string): Promise<Link | null> {
  const { rows } = await db.query<{ user_id: string; wa_id: string; linked_at: Date }>(
    'select user_id, wa_id, linked_at from whatsapp_links where phone_key = $1',
    [phoneKey(waId)],
  )
  const row = rows[0]
  return row ? { userId: row.user_id, waId: row.wa_id, linkedAt: row.linked_at } : null
}

export async function findLinkByUser(db: Queryable, { userId }: { userId: string }) {
  const { rows } = await db.query<{ user_id: string; wa_id: string; linked_at: Date }>(
    'select user_id, wa_id, linked_at from whatsapp_links where user_id = $1',
    [userId],
  )
  const row = rows[0]
  return row ? { userId: row.user_id, waId: row.wa_id, linkedAt: row.linked_at } : null
}

/** Remembers the form WhatsApp used last (proactive messages go there). */
export async function touchLink(tx: Queryable, { userId, waId }: { userId: string; waId: string }) {
  await tx.query(
    'update whatsapp_links set wa_id = $2, updated_at = now() where user_id = $1 and wa_id <> $2',
    [userId, waId],
  )
}

/**
 * findLinkByWaId and touchLink in one statement: the account the number belongs to, with the
 * form that wrote remembered as the one to send to (proactive messages go there).
 */
export async function findAndTouchLink(db: Queryable, waId: string): Promise<Link | null> {
  const { rows } = await db.query<{ user_id: string; wa_id: string; linked_at: Date }>(
    `with link as (select user_id, wa_id, linked_at from whatsapp_links where phone_key = $1),
          touched as (
            update whatsapp_links w set wa_id = $2, updated_at = now()
              from link where w.user_id = link.user_id and link.wa_id <> $2)
     select user_id, wa_id, linked_at from link`,
    [phoneKey(waId), waId],
  )
  const row = rows[0]
  return row ? { userId: row.user_id, waId: row.wa_id, linkedAt: row.linked_at } : null
}

/**
 * findAndTouchLink for several numbers in one statement (a batch of messages, ADR 024): each
 * number's link (null: not a customer's), the form that wrote remembered. The numbers are
 * different people's (one message per person in a batch).
 */
export async function findAndTouchLinks(
  db: Queryable,
  waIds: readonly string[],
): Promise<Map<string, Link | null>> {
  const found = new Map<string, Link | null>(waIds.map((w) => [w, null]))
  if (waIds.length === 0) return found
  const { rows } = await db.query<{
    asked: string
    user_id: string
    wa_id: string
    linked_at: Date
  }>(
    `with link as (
       select x.asked, l.user_id, l.wa_id, l.linked_at
         from unnest($1::text[], $2::text[]) x(asked, phone_key)
         join whatsapp_links l on l.phone_key = x.phone_key),
     touched as (
       update whatsapp_links w set wa_id = link.asked, updated_at = now()
         from link where w.user_id = link.user_id and link.wa_id <> link.asked)
     select asked, user_id, wa_id, linked_at from link`,
    [waIds, waIds.map(phoneKey)],
  )
  for (const row of rows)
    found.set(row.asked, { userId: row.user_id, waId: row.wa_id, linkedAt: row.linked_at })
  return found
}

export async function unlink(db: Queryable, { userId }: { userId: string }): Promise<boolean> {
  const { rowCount } = await db.query('delete from whatsapp_links where user_id = $1', [userId])
  await db.query('delete from whatsapp_link_codes where user_id = $1', [userId])
  return (rowCount ?? 0) > 0
}
