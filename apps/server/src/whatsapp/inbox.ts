import type pg from 'pg'
import type { Db } from '../db/database.ts'
import { addJob, ensureJobSchema, TASKS } from './job-queue.ts'
import { MAX_PROCESS_ATTEMPTS } from './processor.ts'
import { applyStatus, type Channel } from './sender.ts'
import type { StatusUpdate } from './webhook-payload.ts'

/*
 * The inbox: every message received, stored once (unique on its message id) in the same
 * transaction that queues its processing job. Once that commits, the message is safe: the
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

export const inboundJobKey = (messageId: string) => `wa-in:${messageId}`

/** A status for a message whose wamid is not committed yet is tried again a little later. */
const STATUS_RETRY_DELAY_MS = 3_000
const STATUS_JOB_MAX_ATTEMPTS = 4

async function inTransaction<T>(db: Db, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  await ensureJobSchema(db)
  const client = await db.connect()
  try {
    await client.query('begin')
    const result = await fn(client)
    await client.query('commit')
    return result
  } catch (error) {
    await client.query('rollback').catch(() => {})
    throw error
  } finally {
    client.release()
  }
}

/**
 * Stores the messages not seen before and queues one job for each; records status callbacks.
 * Returns the ids of the newly stored messages (duplicates are skipped).
 */
export async function receive(
  db: Db,
  messages: NewInbound[],
  statuses: StatusUpdate[] = [],
): Promise<{ stored: Array<{ id: number; messageId: string }> }> {
  if (!messages.length && !statuses.length) return { stored: [] }
  return inTransaction(db, async (tx) => {
    const stored: Array<{ id: number; messageId: string }> = []
    if (messages.length) {
      // A message WhatsApp says was sent in the future is dated when it arrived.
      const { rows } = await tx.query<{ id: number; message_id: string }>(
        `insert into whatsapp_inbound (message_id, channel, wa_id, user_id, type, payload, sent_at)
         select m.message_id, m.channel, m.wa_id, m.user_id, m.type, m.payload,
                least(coalesce(m.sent_at, now()), now())
           from jsonb_to_recordset($1::jsonb) as m(
             message_id text, channel text, wa_id text, user_id text, type text, payload jsonb,
             sent_at timestamptz)
         on conflict (message_id) do nothing
         returning id, message_id`,
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
        ],
      )
      for (const row of rows) {
        await addJob(
          tx,
          TASKS.inbound,
          { id: row.id },
          { jobKey: inboundJobKey(row.message_id), maxAttempts: MAX_PROCESS_ATTEMPTS + 1 },
        )
        stored.push({ id: row.id, messageId: row.message_id })
      }
    }
    for (const status of statuses) {
      if (!(await applyStatus(tx, status))) await queueStatusRetry(tx, status)
    }
    return { stored }
  })
}

async function queueStatusRetry(tx: pg.PoolClient, status: StatusUpdate) {
  await addJob(
    tx,
    TASKS.status,
    { ...status, at: status.at.toISOString() },
    {
      runAt: new Date(Date.now() + STATUS_RETRY_DELAY_MS),
      maxAttempts: STATUS_JOB_MAX_ATTEMPTS,
    },
  )
}
