import { randomInt } from 'node:crypto'
import type { Db } from '../db/database.ts'
import type { Queryable } from '../db/transaction.ts'
import { isUniqueViolation } from '../db/transaction.ts'
import { phoneKey, waIdForms } from './phone.ts'

/*
 * Account links. A number is tied to an account only after it proves it can write from that
 * number: the dashboard shows a code, the person sends 'vincular <code>' from WhatsApp.
 *
 * One number, one account: linking a number that another account holds MOVES it (the other
 * account shows "not linked" from then on). Whoever sends the code proves both that they are
 * signed in to the new account and that they hold the number now; refusing instead would leave
 * a recycled phone number stuck on its previous owner's account. One account, one number:
 * linking another number replaces the account's previous one.
 */

/** No 0/O, 1/I: codes are read off a screen and typed. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
export const CODE_LENGTH = 6
export const CODE_TTL_MS = 10 * 60 * 1000
/** Wrong codes from one number per hour before it must wait (codes are 32^6 ≈ 10^9). */
export const MAX_FAILED_LINKS_PER_HOUR = 5

export function generateCode(): string {
  let code = ''
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return code
}

/** A typed code as stored: upper case, without spaces or dashes; null if it cannot be one. */
export function normalizeCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '')
  return new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`).test(code) ? code : null
}

/** A new code for the user; the previous one stops working. */
export async function createLinkCode(
  db: Db,
  { userId }: { userId: string },
): Promise<{ code: string; expiresAt: Date }> {
  for (let tries = 0; ; tries++) {
    const code = generateCode()
    try {
      const { rows } = await db.query<{ expires_at: Date }>(
        `insert into whatsapp_link_codes (code, user_id, expires_at)
         values ($1, $2, now() + make_interval(secs => $3::float8 / 1000))
         on conflict (user_id) do update
           set code = excluded.code, expires_at = excluded.expires_at, created_at = now()
         returning expires_at`,
        [code, userId, CODE_TTL_MS],
      )
      const row = rows[0]
      if (!row) throw new Error('link code not stored')
      return { code, expiresAt: row.expires_at }
    } catch (error) {
      // Another user's live code: draw again.
      if (tries < 5 && isUniqueViolation(error, 'whatsapp_link_codes_pkey')) continue
      throw error
    }
  }
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

export async function unlink(db: Queryable, { userId }: { userId: string }): Promise<boolean> {
  const { rowCount } = await db.query('delete from whatsapp_links where user_id = $1', [userId])
  await db.query('delete from whatsapp_link_codes where user_id = $1', [userId])
  return (rowCount ?? 0) > 0
}

/** Wrong codes sent from this number in the last hour. */
export async function recentFailedLinks(db: Queryable, waId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from whatsapp_inbound
      where wa_id = any($1) and status = 'link_refused'
        and received_at > now() - interval '1 hour'`,
    [waIdForms(waId)],
  )
  return rows[0]?.n ?? 0
}

/** Messages from this number answered as "not a customer" in the last hour. */
export async function recentUnknownMessages(db: Queryable, waId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from whatsapp_inbound
      where wa_id = any($1) and status = 'unknown_sender'
        and received_at > now() - interval '1 hour'`,
    [waIdForms(waId)],
  )
  return rows[0]?.n ?? 0
}
