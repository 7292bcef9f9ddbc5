import { randomInt } from 'node:crypto'
import { type Db, isUniqueViolation } from '../platform/index.ts'
import { storeLinkCode } from './links.queries.ts'

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
      const expiresAt = await storeLinkCode(db, { userId, code, ttlMs: CODE_TTL_MS })
      return { code, expiresAt }
    } catch (error) {
      // Another user's live code: draw again.
      if (tries < 5 && isUniqueViolation(error, 'whatsapp_link_codes_pkey')) continue
      throw error
    }
  }
}
