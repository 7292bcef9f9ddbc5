import { expect } from 'vitest'
import type { Queryable } from '../src/db/transaction.ts'

/**
 * Waits until the job queue has nothing left to do: every job either done (gone) or out of
 * attempts. Tests that assert "nothing else happened" wait for this instead of sleeping.
 */
export async function waitForIdleJobs(db: Queryable, timeout = 15_000): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await db.query<{ pending: number }>(
            'select count(*)::int as pending from graphile_worker.jobs where attempts < max_attempts',
          )
        ).rows[0]?.pending,
      { timeout, interval: 50 },
    )
    .toBe(0)
}
