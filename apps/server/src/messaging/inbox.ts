import { INBOUND_JOB_MESSAGES, whatsappInboundJob, whatsappStatusJob } from './whatsapp.jobs.ts'
import { type Db, addJob } from '../platform/index.ts'
import { applyStatus, type Channel } from './outbox.queries.ts'
import type { StatusUpdate } from './webhook-payload.ts'

/*
 * The inbox: every message received, stored once (unique on its message id) in the same
 * transaction that queues its processing jobs. Once that commits, the message is safe: the
 * webhook answers 200 and the job does the rest, even if this process dies the next moment.
 */

export type NewInbound = {
  messageId: string
  channel: Channel
  waId: string
  /** Known up front for the simulator (the signed-in account); found on processing otherwise. */
  userId?: string | null
  type: string
  payload: unknown
  /** When the person sent it; null → now. */
  sentAt: Date | null
}

/** A status for a message whose wamid is not committed yet is tried again a little later. */
const STATUS_RETRY_DELAY_MS = 3_000

/**
 * Stores the messages not seen before and queues their processing; records status callbacks.
 * Returns the newly stored messages (duplicates are skipped).
 *
 * The messages and their jobs go in ONE statement: atomic without BEGIN/COMMIT round trips, so
 * the webhook's answer waits for a single exchange with the database. One job per
 * INBOUND_JOB_MESSAGES stored messages, not one each (ADR 024, 2026-11-26 night): a job
 * understands the next message of up to 16 people at once, so per-message jobs were mostly
 * fetched only to find their message closed. All of them in one add_jobs call: one NOTIFY.
 */
export async function receive(
  db: Db,
  messages: NewInbound[],
  statuses: StatusUpdate[] = [],
): Promise<{ stored: Array<{ id: number; messageId: string }> }> {
  if (!messages.length && !statuses.length) return { stored: [] }
  const stored: Array<{ id: number; messageId: string }> = []
  if (messages.length) {
    // A message WhatsApp says was sent in the future is dated when it arrived.
    const { rows } = await db.query<{ id: number; message_id: string }>(
      `with stored as (
         insert into whatsapp_inbound (message_id, channel, wa_id, user_id, type, payload, sent_at)
         select m.message_id, m.channel, m.wa_id, m.user_id, m.type, m.payload,
                least(coalesce(m.sent_at, now()), now())
           from jsonb_to_recordset($1::jsonb) as m(
             message_id text, channel text, wa_id text, user_id text, type text, payload jsonb,
             sent_at timestamptz)
         on conflict (message_id) do nothing
         returning id, message_id),
       chunks as (
         select (row_number() over (order by id) - 1) / $4::int as chunk, id from stored),
       specs as (
         select row($2::text, json_build_object('id', min(id), 'ids', json_agg(id order by id)),
                    null, null, $3::int, null, null, null)::graphile_worker.job_spec as spec
           from chunks group by chunk)
       select s.id, s.message_id,
              (select count(*) from graphile_worker.add_jobs(array(select spec from specs))) as jobs
         from stored s order by s.id`,
      [
        JSON.stringify(
          messages.map((m) => ({
            message_id: m.messageId,
            channel: m.channel,
            wa_id: m.waId,
            user_id: m.userId ?? null,
            type: m.type,
            payload: m.payload,
            sent_at: m.sentAt?.toISOString() ?? null,
          })),
        ),
        whatsappInboundJob.task,
        whatsappInboundJob.maxAttempts,
        INBOUND_JOB_MESSAGES,
      ],
    )
    for (const row of rows) stored.push({ id: row.id, messageId: row.message_id })
  }
  // Each status on its own: applying one twice changes nothing, and Meta redelivers on a 5xx.
  for (const status of statuses) {
    if (!(await applyStatus(db, status))) await queueStatusRetry(db, status)
  }
  return { stored }
}

async function queueStatusRetry(db: Db, status: StatusUpdate) {
  await addJob(
    db,
    whatsappStatusJob,
    { ...status, at: status.at.toISOString() },
    { runAt: new Date(Date.now() + STATUS_RETRY_DELAY_MS) },
  )
}
