import { saoPauloMonth } from '@equilibrai/shared'
import type { Db } from '../db/database.ts'

/**
 * Starts a new count for every subscriber whose counter belongs to an earlier month. The month
 * is São Paulo's, so the reset happens at midnight of the 1st there, whatever the server's TZ.
 * Idempotent: running it twice in a month changes nothing the second time.
 */
export async function resetMonthlyCounters(db: Db, at: Date): Promise<number> {
  const month = saoPauloMonth(at)
  const result = await db.query(
    `update subscribers
        set monthly_transactions = 0, counter_month = $1, updated_at = now()
      where counter_month < $1`,
    [month],
  )
  return result.rowCount ?? 0
}
