import type { Queryable } from '../platform/index.ts'
import { waIdForms } from './phone.ts'
import type { Channel } from './outbox.queries.ts'

/* The inbox rows as the whatsapp_inbound job reads and closes them (processor.ts). */

export type InboundRow = {
  id: number
  message_id: string
  channel: Channel
  wa_id: string
  user_id: string | null
  type: string
  payload: Record<string, unknown> | null
  sent_at: Date
  processed_at: Date | null
  attempts: number
}

/** The message, locked until the transaction ends (a second job for it waits, then sees it done). */
export async function lockInbound(tx: Queryable, id: number): Promise<InboundRow | null> {
  const { rows } = await tx.query<InboundRow>(
    `select id, message_id, channel, wa_id, user_id, type, payload, sent_at, processed_at, attempts
       from whatsapp_inbound where id = $1 for update`,
    [id],
  )
  return rows[0] ?? null
}

/** Whose message this is (no lock): the conversation its job must queue behind. */
export async function inboundSender(
  db: Queryable,
  id: number,
): Promise<{ channel: Channel; wa_id: string; processed: boolean } | null> {
  const { rows } = await db.query<{ channel: Channel; wa_id: string; processed: boolean }>(
    `select channel, wa_id, processed_at is not null as processed from whatsapp_inbound
      where id = $1`,
    [id],
  )
  return rows[0] ?? null
}

/** Which of these messages are still open, and whose they are, in arrival order. */
export async function openInboundSenders(
  db: Queryable,
  ids: readonly number[],
): Promise<Array<{ id: number; channel: Channel; wa_id: string }>> {
  const { rows } = await db.query<{ id: number; channel: Channel; wa_id: string }>(
    `select id, channel, wa_id from whatsapp_inbound
      where id = any($1::bigint[]) and processed_at is null order by id`,
    [ids],
  )
  return rows
}

/**
 * The next message of this conversation to understand, up to message `id`: the earliest still
 * open, by WhatsApp's timestamp, then arrival. Null once `id` itself is closed.
 */
export async function nextInConversation(
  db: Queryable,
  { id, channel, waIds }: { id: number; channel: Channel; waIds: string[] },
): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `select i.id from whatsapp_inbound i, whatsapp_inbound me
      where me.id = $1 and me.processed_at is null
        and i.processed_at is null and i.channel = $2 and i.wa_id = any($3::text[])
        and (i.sent_at, i.id) <= (me.sent_at, me.id)
      order by i.sent_at, i.id limit 1`,
    [id, channel, waIds],
  )
  return rows[0]?.id ?? null
}

/**
 * Waits for the conversation's session lock (`key`, held until unlocked), then finds the next
 * message as nextInConversation does — one round trip instead of two. The statement's snapshot
 * can predate the lock, so the message it names may have been closed by the lock's previous
 * holder a moment ago: the caller rechecks under the row lock (lockInbound), as it must anyway.
 */
export async function lockConversationThenNext(
  client: Queryable,
  { key, id, channel, waIds }: { key: string; id: number; channel: Channel; waIds: string[] },
): Promise<number | null> {
  // The lock is a column the row filter depends on, so it is taken whatever the plan.
  const { rows } = await client.query<{ id: number | null }>(
    `select (select i.id from whatsapp_inbound i, whatsapp_inbound me
              where me.id = $1 and me.processed_at is null and l.locked is not null
                and i.processed_at is null and i.channel = $2 and i.wa_id = any($3::text[])
                and (i.sent_at, i.id) <= (me.sent_at, me.id)
              order by i.sent_at, i.id limit 1) as id
       from (select pg_advisory_lock(hashtextextended($4, 0))::text as locked) l`,
    [id, channel, waIds, key],
  )
  return rows[0]?.id ?? null
}

/** The advisory lock that lets one message of a person be understood at a time. */
export const conversationLockKey = (person: string) => `whatsapp-conversation:${person}`

export async function markProcessed(
  tx: Queryable,
  params: { id: number; status: string; userId: string | null; erasePayload: boolean },
): Promise<void> {
  await tx.query(
    `update whatsapp_inbound
        set processed_at = now(), status = $2, user_id = $3, attempts = attempts + 1,
            last_error = null, payload = case when $4 then null else payload end
      where id = $1`,
    [params.id, params.status, params.userId, params.erasePayload],
  )
}

/** Counts a failed attempt of a message not yet closed; null when it was closed meanwhile. */
export async function countFailedAttempt(
  db: Queryable,
  { id, error }: { id: number; error: string },
) {
  const { rows } = await db.query<{
    attempts: number
    message_id: string
    channel: Channel
    wa_id: string
    user_id: string | null
  }>(
    `update whatsapp_inbound set attempts = attempts + 1, last_error = $2
      where id = $1 and processed_at is null
      returning attempts, message_id, channel, wa_id, user_id`,
    [id, error.slice(0, 300)],
  )
  return rows[0] ?? null
}

export async function markFailed(tx: Queryable, id: number): Promise<void> {
  await tx.query(
    `update whatsapp_inbound set processed_at = now(), status = 'failed' where id = $1`,
    [id],
  )
}

/**
 * Messages from this number (either form) closed with `status` in the last hour: wrong codes
 * ('link_refused'), answers to a number that is not a customer ('unknown_sender').
 */
export async function recentWithStatus(
  db: Queryable,
  { waId, status }: { waId: string; status: 'link_refused' | 'unknown_sender' },
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from whatsapp_inbound
      where wa_id = any($1) and status = $2
        and received_at > now() - interval '1 hour'`,
    [waIdForms(waId), status],
  )
  return rows[0]?.n ?? 0
}

/** Whether the person wrote to us on WhatsApp within the last `ms` (either number form). */
export async function wroteWithin(
  db: Queryable,
  { waId, ms }: { waId: string; ms: number },
): Promise<boolean> {
  const { rows } = await db.query<{ open: boolean }>(
    `select exists (
       select 1 from whatsapp_inbound
        where wa_id = any($1) and channel = 'whatsapp'
          and sent_at > clock_timestamp() - make_interval(secs => $2::float8 / 1000)) as open`,
    [waIdForms(waId), ms],
  )
  return rows[0]?.open ?? false
}
