import { webhookDeliverJob } from './webhook-deliver.job.ts'
import { randomBytes } from 'node:crypto'
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '@equilibrai/shared'
import { type Queryable, addJob } from '../platform/index.ts'

/** The first attempt of a delivery, in its endpoint's queue (webhook-deliver.job.ts). */
export async function queueDelivery(
  tx: Queryable,
  { id, endpoint_id }: { id: string | number; endpoint_id: string | number },
  runAt?: Date,
): Promise<void> {
  await addJob(
    tx,
    webhookDeliverJob,
    { delivery_id: Number(id) },
    { key: Number(id), queue: String(endpoint_id), runAt },
  )
}

export function newEventId(): string {
  return `evt_${randomBytes(16).toString('hex')}`
}

/**
 * Records an event for the ledger's endpoints subscribed to `type` and queues one delivery
 * per endpoint. Call it with the transaction that makes the change (`tx`), so the event
 * exists if and only if the change commits. With no endpoint subscribed it writes nothing
 * (one cheap statement). Pass `ledgerId`, or `ownerId` for the ledger that person owns.
 * Only live endpoints get it (webhook_endpoint_live, migration 019): their creator still works
 * in the ledger and the owner's plan includes integrações_personalizadas (ARCHITECTURE §12).
 *
 * Every way an entry changes goes through ledger/entries.ts, which emits the transaction.*
 * events; bill.due and budget.alert are emitted where those are decided.
 */
export async function emitWebhookEvent(
  tx: Queryable,
  params: ({ ledgerId: number } | { ownerId: string }) & {
    type: WebhookEventType
    data: unknown
  },
): Promise<{ eventId: string | null; deliveries: number }> {
  const ledgerSql =
    'ledgerId' in params ? '$1::bigint' : '(select id from ledgers where owner_user_id = $1)'
  const ledgerKey = 'ledgerId' in params ? params.ledgerId : params.ownerId
  const eventId = newEventId()
  const { rows } = await tx.query<{ id: string; endpoint_id: string }>(
    `with targets as (
       select id from webhook_endpoints
        where ledger_id = ${ledgerSql} and disabled_at is null and $2 = any (events)
          and webhook_endpoint_live(ledger_id, created_by)
     ), event as (
       insert into webhook_events (id, ledger_id, type, data)
       select $3, ${ledgerSql}, $2, $4::jsonb where exists (select 1 from targets)
       returning id
     )
     insert into webhook_deliveries (event_id, endpoint_id)
     select event.id, targets.id from event, targets
     returning id, endpoint_id`,
    [ledgerKey, params.type, eventId, JSON.stringify(params.data)],
  )
  for (const row of rows) await queueDelivery(tx, row)
  return { eventId: rows.length ? eventId : null, deliveries: rows.length }
}

/** "Enviar evento de teste": a webhook.test event for one endpoint, delivered like any other. */
export async function emitTestEvent(
  tx: Queryable,
  { ledgerId, endpointId }: { ledgerId: number; endpointId: number },
): Promise<string> {
  const eventId = newEventId()
  const { rows } = await tx.query<{ id: string }>(
    `with event as (
       insert into webhook_events (id, ledger_id, type, data)
       values ($1, $2, '${WEBHOOK_TEST_EVENT}', $3::jsonb) returning id
     )
     insert into webhook_deliveries (event_id, endpoint_id)
     select event.id, $4 from event returning id`,
    [
      eventId,
      ledgerId,
      JSON.stringify({ message: 'Evento de teste do Equilibraí: seu endpoint está recebendo.' }),
      endpointId,
    ],
  )
  const delivery = rows[0]
  if (!delivery) throw new Error('test delivery not inserted')
  await queueDelivery(tx, { id: delivery.id, endpoint_id: String(endpointId) })
  return eventId
}

/**
 * emitWebhookEvent for many changes at once, in one statement (a set-based batch such as the
 * recurring-entries run, or the daily alerts): one event per item whose ledger has an endpoint
 * subscribed to its type, one delivery and job per such endpoint. Returns the deliveries queued.
 */
export async function emitWebhookEvents(
  tx: Queryable,
  items: readonly { ledgerId: number; type: WebhookEventType; data: unknown }[],
): Promise<number> {
  if (items.length === 0) return 0
  const { rows } = await tx.query<{ id: string; endpoint_id: string }>(
    `with input as (
       select * from unnest($1::bigint[], $2::text[], $3::jsonb[], $4::text[])
                  as i(ledger_id, type, data, event_id)
     ), targets as (
       select i.event_id, e.id as endpoint_id
         from input i
         join webhook_endpoints e
           on e.ledger_id = i.ledger_id and e.disabled_at is null and i.type = any (e.events)
          and webhook_endpoint_live(e.ledger_id, e.created_by)
     ), events as (
       insert into webhook_events (id, ledger_id, type, data)
       select i.event_id, i.ledger_id, i.type, i.data from input i
        where exists (select 1 from targets t where t.event_id = i.event_id)
       returning id
     )
     insert into webhook_deliveries (event_id, endpoint_id)
     select t.event_id, t.endpoint_id from targets t join events ev on ev.id = t.event_id
     returning id, endpoint_id`,
    [
      items.map((i) => i.ledgerId),
      items.map((i) => i.type),
      items.map((i) => JSON.stringify(i.data)),
      items.map(() => newEventId()),
    ],
  )
  for (const row of rows) await queueDelivery(tx, row)
  return rows.length
}
