import { z } from 'zod'
import { defineJob } from '../platform/index.ts'

/**
 * One recorded Stripe event (stripe-events.ts). 25 attempts span about three days, as long as
 * Stripe itself retries a webhook. One queue per customer: a slow early event cannot overwrite
 * a later one's result.
 */
export const stripeEventJob = defineJob({
  task: 'stripe_event',
  payload: z.object({ event_id: z.string().min(1) }),
  maxAttempts: 25,
  queue: 'stripe',
})
