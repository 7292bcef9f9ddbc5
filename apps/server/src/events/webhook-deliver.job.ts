import { z } from 'zod'
import { defineJob } from '../platform/index.ts'

/**
 * One attempt of one outgoing webhook delivery (integrations' webhook-delivery.ts), which queues
 * the next attempt itself (5 s, 30 s, 2 min … hourly, for 24 h); these attempts are for
 * unexpected errors only. Key: the delivery id, so one attempt waits per delivery.
 */
export const webhookDeliverJob = defineJob({
  task: 'webhook_deliver',
  payload: z.object({ delivery_id: z.number().int().positive() }),
  maxAttempts: 3,
  keyPrefix: 'webhook:',
})
