import type { AppDeps } from '../tenancy/index.ts'
import { Hono } from 'hono'
import Stripe from 'stripe'
import { recordStripeEvent } from './stripe-events.ts'
import { billingMode } from './stripe-client.ts'
import { type AppBindings, BadRequestError, NotFoundError } from '../platform/index.ts'

/** Stripe's own default: a signature older than five minutes is refused (replays). */
const SIGNATURE_TOLERANCE_SECONDS = 300

/**
 * POST /api/webhooks/stripe. The signature is checked over the raw bytes as received; the
 * event is then stored with its processing job in one transaction and acknowledged. A known
 * event id answers 200 and changes nothing. Processing happens in the `stripe_event` job
 * (docs/decisions/002-stripe-webhooks-through-the-job-queue.md).
 */
export function stripeWebhookRoutes({ env, db }: AppDeps) {
  const secret = billingMode(env) === 'stripe' ? env.STRIPE_WEBHOOK_SECRET : undefined
  return new Hono<AppBindings>().post('/webhooks/stripe', async (c) => {
    if (!secret) throw new NotFoundError('Webhook do Stripe não configurado.')
    const signature = c.req.header('stripe-signature')
    if (!signature) throw new BadRequestError('Assinatura do Stripe ausente.', 'INVALID_SIGNATURE')
    const raw = Buffer.from(await c.req.arrayBuffer())
    let event: Stripe.Event
    try {
      event = Stripe.webhooks.constructEvent(raw, signature, secret, SIGNATURE_TOLERANCE_SECONDS)
    } catch {
      throw new BadRequestError('Assinatura do Stripe inválida.', 'INVALID_SIGNATURE')
    }
    const outcome = await recordStripeEvent(db, event)
    return c.json({ received: true, duplicate: outcome === 'duplicate' })
  })
}
