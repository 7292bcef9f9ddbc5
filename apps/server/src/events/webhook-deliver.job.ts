import { z } from 'zod'
import { defineJob } from '../platform/index.ts'

/**
 * One attempt of one outgoing webhook delivery (integrations' webhook-delivery.ts), which queues
 * the next attempt itself (5 s, 30 s, 2 min … hourly, for 24 h); these attempts are for
 * unexpected errors only. Key: the delivery id, so one attempt waits per delivery. Queue:
 * `webhook:<endpoint id>`, so one endpoint's attempts run one at a time and a dead endpoint holds
 * at most one slot of the webhooks lane (app/job-runner.ts, ARCHITECTURE §12).
 */
export const webhookDeliverJob = defineJob({
  task: 'webhook_deliver',
  payload: z.object({ delivery_id: z.number().int().positive() }),
  maxAttempts: 3,
  keyPrefix: 'webhook:',
  queue: 'webhook',
})
