import type { Db } from '../platform/index.ts'
import { spMonthAt } from './monthly-limit.ts'

/**
 * Starts a new count for every subscriber whose counter belongs to an earlier month. The month
 * is São Paulo's on the database's clock (ledger/monthly-limit.ts), so the reset happens at
 * midnight of the 1st there, whatever the server's TZ; `at` is for tests. Housekeeping only:
 * claims and reads already treat an earlier month's counter as 0. Idempotent.
 */
export async function resetMonthlyCounters(db: Db, at?: Date): Promise<number> {
  const result = await db.query(
    `update subscribers
        set monthly_transactions = 0, counter_month = m.month, updated_at = now()
       from (select ${spMonthAt('coalesce($1::timestamptz, now())')} as month) m
      where counter_month < m.month`,
    [at ?? null],
  )
  return result.rowCount ?? 0
}
