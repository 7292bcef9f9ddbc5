import { type Db, pruneRateLimits } from '../platform/index.ts'
import { prunePasswordFailures } from './password-failures.ts'

/**
 * Better Auth deletes an expired session or token only when it meets one; rows nobody comes
 * back for would stay forever. This removes them, rate-limit windows that ended a day ago, and
 * sign-ups never confirmed in 7 days.
 */
/** How long an address stays held by a sign-up nobody confirmed. */
export const UNVERIFIED_SIGN_UP_DAYS = 7

/**
 * Sign-ups never confirmed within 7 days (the link expires after 24 h) are deleted with their
 * profile and subscription, so a typo'd or someone else's address is not held forever and can
 * sign up again. Accounts with a social sign-in are left alone (the provider vouched for them).
 */
export async function purgeUnverifiedSignUps(db: Db, now = new Date()): Promise<number> {
  const result = await db.query(
    `delete from "user" u
      where not u."emailVerified"
        and u."createdAt" < $1::timestamptz - make_interval(days => $2)
        and not exists (select 1 from "account" a
                         where a."userId" = u.id and a."providerId" <> 'credential')`,
    [now.toISOString(), UNVERIFIED_SIGN_UP_DAYS],
  )
  return result.rowCount ?? 0
}

export async function pruneAuthData(db: Db): Promise<Record<string, number>> {
  const sessions = await db.query('delete from "session" where "expiresAt" < now()')
  const verifications = await db.query('delete from "verification" where "expiresAt" < now()')
  return {
    sessions: sessions.rowCount ?? 0,
    verifications: verifications.rowCount ?? 0,
    rateLimits: await pruneRateLimits(db),
    passwordFailures: await prunePasswordFailures(db),
    unverifiedSignUps: await purgeUnverifiedSignUps(db),
  }
}
