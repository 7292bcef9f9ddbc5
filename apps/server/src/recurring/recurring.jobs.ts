import { z } from 'zod'
import { defineJob } from '../platform/index.ts'

/**
 * The WhatsApp messages of the occurrences a batch of the recurring_entries run could not
 * record (the free plan's monthly limit), queued in the batch's transaction with their texts:
 * the run does not wait on a message per person, and nothing is lost. Each goes through the one
 * sender under its idempotency key (`recurring:<id>:<day>:refused`), so a retried job sends
 * nothing twice.
 */
export const recurringRefusedJob = defineJob({
  task: 'recurring_refused_notify',
  payload: z.object({
    items: z
      .array(z.object({ user_id: z.string().min(1), key: z.string().min(1), text: z.string() }))
      .min(1),
  }),
  maxAttempts: 10,
})
