import { expect } from 'vitest'
import type { Queryable } from '../src/platform/db/transaction.ts'

/**
 * Waits until the job queue has nothing left to do: every job either done (gone) or out of
 * attempts. Tests that assert "nothing else happened" wait for this instead of sleeping.
 *
 * `workersSince`: after killing workers, the jobs they held stay locked for hours; only locks
 * taken since this moment (by the live workers) count as work under way.
 */
export async function waitForIdleJobs(
  db: Queryable,
  { timeout = 15_000, workersSince }: { timeout?: number; workersSince?: Date } = {},
): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await db.query<{ pending: number }>(
            `select count(*)::int as pending from graphile_worker.jobs
              where attempts < max_attempts
                and (locked_at is null or $1::timestamptz is null or locked_at >= $1)`,
            [workersSince ?? null],
          )
        ).rows[0]?.pending,
      { timeout, interval: 50 },
    )
    .toBe(0)
}
