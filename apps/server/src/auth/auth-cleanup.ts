import type { Db } from '../db/database.ts'
import { pruneRateLimits } from '../rate-limit/rate-limiter.ts'
import { prunePasswordFailures } from './password-failures.ts'

/**
 * Better Auth deletes an expired session or token only when it meets one; rows nobody comes
 * back for would stay forever. This removes them, and rate-limit windows that ended a day ago.
 */
export async function pruneAuthData(db: Db): Promise<Record<string, number>> {
  const sessions = await db.query('delete from "session" where "expiresAt" < now()')
  const verifications = await db.query('delete from "verification" where "expiresAt" < now()')
  return {
    sessions: sessions.rowCount ?? 0,
    verifications: verifications.rowCount ?? 0,
    rateLimits: await pruneRateLimits(db),
    passwordFailures: await prunePasswordFailures(db),
  }
}
