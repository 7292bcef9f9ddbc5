import { z } from 'zod'
import { defineJob } from '../../platform/index.ts'

/**
 * One connection's sync (sync.ts), queued by a connect, an MFA code, "sync now", a webhook or
 * the daily run. Key and queue per connection: one waiting at a time, one running at a time.
 * `attempt` counts the waits (item still updating) and the 429/5xx retries, which the job
 * schedules itself with backoff (open-finance.run.ts); graphile-worker's own retries are left
 * for unexpected errors.
 */
export const openFinanceSyncJob = defineJob({
  task: 'open_finance_connection_sync',
  payload: z.object({
    connection_id: z.number().int().positive(),
    /** Failed reads so far (the retries' count, ARCHITECTURE §11). */
    attempt: z.number().int().min(0).default(0),
    /**
     * Times the bank was still updating so far: counted apart from the retries, so a wait does not
     * use up one of the 10 retries of a failing aggregator.
     */
    waits: z.number().int().min(0).default(0),
    /** The daily run's "now" (run-task --at), for the consent; absent: the job's clock. */
    at: z.iso.datetime().optional(),
  }),
  maxAttempts: 5,
  keyPrefix: 'open-finance:',
  queue: 'open-finance',
})
