import type { Db } from '../platform/index.ts'
import { scheduledIn, spMonthAt } from './monthly-limit.ts'

/**
 * Starts a new count for every subscriber whose counter belongs to an earlier month. The month
 * is São Paulo's on the database's clock (ledger/monthly-limit.ts), so the reset happens at
 * midnight of the 1st there, whatever the server's TZ; `at` is for tests. The new count starts
 * where a claim turning the counter would start it: at the owner's installments already dated
 * in the new month (ADR 012), never at 0 — those slots are taken from the month's first day.
 * Idempotent.
 */
export async function resetMonthlyCounters(db: Db, at?: Date): Promise<number> {
  const result = await db.query(
    `update subscribers s
        set monthly_transactions = ${scheduledIn('m.month', 's.user_id')},
            counter_month = m.month, updated_at = now()
       from (select ${spMonthAt('coalesce($1::timestamptz, now())')} as month) m
      where s.counter_month < m.month`,
    [at ?? null],
  )
  return result.rowCount ?? 0
}
