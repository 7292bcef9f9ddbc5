import { stripeEventJob } from './billing.jobs.ts'
import type Stripe from 'stripe'
import { type Db, addJob, withTransaction, type Logger } from '../platform/index.ts'
import { findUserByCustomer, linkCustomer } from './billing-account.queries.ts'
import { UnprocessableEventError } from './billing-errors.ts'
import { applySubscriptionState, stateFromStripe } from './subscription-state.ts'

/**
 * Stripe webhook events: recorded once and acknowledged by the HTTP route, then processed by
 * the `stripe_event` job (docs/decisions/002-stripe-webhooks-through-the-job-queue.md).
 */

/** The events that can change a subscription; every other type is recorded and left alone. */
export const HANDLED_EVENT_TYPES = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
])

export type RecordOutcome = 'recorded' | 'duplicate'

function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    typeof value.id === 'string'
  ) {
    return value.id
  }
  return null
}

function field(object: unknown, key: string): unknown {
  return typeof object === 'object' && object !== null
    ? (object as Record<string, unknown>)[key]
    : undefined
}

/**
 * Stores the event and queues its processing in one transaction: once this returns, the event
 * is safe to acknowledge. A known id changes nothing. Events of one customer share a queue, so
 * they are processed one at a time and a slow early one cannot overwrite a later one's result.
 */
export async function recordStripeEvent(db: Db, event: Stripe.Event): Promise<RecordOutcome> {
  const handled = HANDLED_EVENT_TYPES.has(event.type)
  return withTransaction(db, async (tx) => {
    const inserted = await tx.query(
      `insert into stripe_events (id, type, payload, processed_at)
       values ($1, $2, $3, case when $4 then null else now() end)
       on conflict (id) do nothing`,
      [event.id, event.type, JSON.stringify(event), handled],
    )
    if (!inserted.rowCount) return 'duplicate'
    if (handled) {
      const customer = idOf(field(event.data.object, 'customer'))
      await addJob(tx, stripeEventJob, { event_id: event.id }, { queue: customer })
    }
    return 'recorded'
  })
}

/** The subscription an event is about, wherever its type keeps the id. */
export function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return idOf(object)
    case 'checkout.session.completed':
      return idOf(field(object, 'subscription'))
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const parent = field(field(object, 'parent'), 'subscription_details')
      // Before API version 2025-03-31 the invoice named its subscription directly.
      return idOf(field(parent, 'subscription')) ?? idOf(field(object, 'subscription'))
    }
    default:
      return null
  }
}

export type ProcessDeps = { db: Db; log: Logger; stripe: Stripe }

/**
 * The `stripe_event` job. The subscription is retrieved from Stripe rather than read from the
 * event, so events arriving late, twice or out of order all converge on Stripe's current state.
 * A transient failure (Stripe or the database unreachable) is rethrown for the queue to retry;
 * an event that can never apply is marked processed with its reason.
 */
export async function processStripeEvent(deps: ProcessDeps, eventId: string): Promise<void> {
  const { rows } = await deps.db.query<{ payload: Stripe.Event; processed_at: Date | null }>(
    'select payload, processed_at from stripe_events where id = $1',
    [eventId],
  )
  const row = rows[0]
  if (!row || row.processed_at) return
  let reason: string | null = null
  try {
    await handleEvent(deps, row.payload)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (!(error instanceof UnprocessableEventError)) {
      await deps.db.query('update stripe_events set error = $2 where id = $1', [eventId, message])
      throw error
    }
    deps.log.warn({ eventId, type: row.payload.type, reason: message }, 'stripe event not applied')
    reason = message
  }
  await deps.db.query('update stripe_events set processed_at = now(), error = $2 where id = $1', [
    eventId,
    reason,
  ])
}

async function handleEvent(deps: ProcessDeps, event: Stripe.Event): Promise<void> {
  const subscriptionId = subscriptionIdOf(event)
  // e.g. a Checkout Session in payment mode, or an invoice outside subscriptions: not ours.
  if (!subscriptionId) return
  const subscription = await retrieveSubscription(deps.stripe, subscriptionId)
  const userId = await userOf(deps.db, subscription, event)
  const outcome = await applySubscriptionState(deps.db, {
    userId,
    state: stateFromStripe(subscription),
  })
  deps.log.info(
    { eventId: event.id, type: event.type, userId, status: subscription.status, outcome },
    'stripe event processed',
  )
}

async function retrieveSubscription(stripe: Stripe, id: string): Promise<Stripe.Subscription> {
  try {
    return await stripe.subscriptions.retrieve(id)
  } catch (error) {
    if (error instanceof stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
      throw new UnprocessableEventError(`assinatura ${id} não existe no Stripe`)
    }
    throw error
  }
}

/**
 * Whose subscription it is: the user whose customer it belongs to. A customer not stored yet
 * is linked to the user our checkout named (subscription metadata, or the session's
 * client_reference_id), and only if that user has no other customer.
 */
async function userOf(db: Db, subscription: Stripe.Subscription, event: Stripe.Event) {
  const customerId = idOf(subscription.customer)
  if (!customerId) throw new UnprocessableEventError('assinatura sem cliente')
  const known = await findUserByCustomer(db, customerId)
  if (known) return known
  const session = event.type === 'checkout.session.completed' ? event.data.object : null
  const claimed =
    subscription.metadata.user_id ?? session?.client_reference_id ?? session?.metadata?.user_id
  if (claimed && (await linkCustomer(db, { userId: claimed, customerId })) === customerId) {
    return claimed
  }
  throw new UnprocessableEventError(`cliente ${customerId} não pertence a nenhum usuário`)
}
