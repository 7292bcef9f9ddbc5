import { processStripeEvent } from './stripe-events.ts'
import { createStripeClient } from './stripe-client.ts'
import type { TaskDeps } from '../app/task-registry.ts'

/** `stripe_event` {event_id}: applies one recorded Stripe webhook event (billing/stripe-events). */
export function processStripeEventTask({ db, log, env }: TaskDeps) {
  const stripe = createStripeClient(env)
  return async (payload: unknown) => {
    const eventId = (payload as { event_id?: unknown } | null)?.event_id
    if (typeof eventId !== 'string') throw new Error('stripe_event: event_id ausente')
    // Queued only while a key was configured; without one now, retrying later may succeed.
    if (!stripe) throw new Error('stripe_event: STRIPE_SECRET_KEY não configurada')
    await processStripeEvent({ db, log, stripe }, eventId)
  }
}
