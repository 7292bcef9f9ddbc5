import type pg from 'pg'
import type { Queryable } from '../platform/index.ts'
import { type InboundRow, conversationLockKey } from './inbox.queries.ts'
import { whatsappInboundJob } from './whatsapp.jobs.ts'
import type { Channel } from './outbox.queries.ts'
import { phoneKey, waIdForms } from './phone.ts'

/*
 * Several people's messages understood by one whatsapp_inbound job (ADR 024, third pass): the
 * job claims the next open message of up to `size` people whose conversation lock is free,
 * understands them in one transaction and closes them together. Each person still has one
 * message understood at a time, in the order sent (ARCHITECTURE §12): a batch holds the
 * person's conversation lock, takes only the person's earliest open message, and rechecks that
 * under the row locks.
 */

/** A message a batch may take, with the conversation it belongs to. */
export type BatchCandidate = { id: number; key: string; waIds: string[] }

/**
 * The earliest open message of each person among the oldest open messages (`own` first when it
 * is open). Messages that failed before (attempts > 0) and documents (a statement import, a
 * download from Meta) are left to their own job, alone.
 */
export async function batchCandidates(
  db: Queryable,
  { own, window }: { own: number; window: number },
): Promise<BatchCandidate[]> {
  const { rows } = await db.query<{ id: number; channel: Channel; wa_id: string; sent_at: Date }>(
    `(select id, channel, wa_id, sent_at from whatsapp_inbound
       where id = $1 and processed_at is null and attempts = 0 and type <> 'document')
     union all
     (select id, channel, wa_id, sent_at from whatsapp_inbound
       where processed_at is null and attempts = 0 and type <> 'document' and id <> $1
       order by received_at limit $2)`,
    [own, window],
  )
  const byPerson = new Map<string, { row: (typeof rows)[number]; order: number }>()
  rows.forEach((row, order) => {
    const key = conversationLockKey(row.channel === 'whatsapp' ? phoneKey(row.wa_id) : row.wa_id)
    const seen = byPerson.get(key)
    // The person's earliest by WhatsApp's timestamp, then arrival, keeps the first place seen.
    if (!seen) byPerson.set(key, { row, order })
    else if (
      row.sent_at.getTime() < seen.row.sent_at.getTime() ||
      (row.sent_at.getTime() === seen.row.sent_at.getTime() && row.id < seen.row.id)
    )
      byPerson.set(key, { row, order: seen.order })
  })
  return [...byPerson.entries()]
    .sort((a, b) => a[1].order - b[1].order)
    .map(([key, { row }]) => ({
      id: row.id,
      key,
      waIds: row.channel === 'whatsapp' ? waIdForms(row.wa_id) : [row.wa_id],
    }))
}

/**
 * Takes the conversation lock of up to `size` candidates, in their order, skipping the ones
 * another job holds; the candidates whose lock this connection now holds (session locks:
 * released by unlockSessions, or with the connection).
 */
export async function tryLockConversations(
  client: pg.PoolClient,
  { candidates, size }: { candidates: readonly BatchCandidate[]; size: number },
): Promise<BatchCandidate[]> {
  if (candidates.length === 0) return []
  // A function scan yields in order; the filter takes a lock per row until the limit is met.
  const { rows } = await client.query<{ ord: string }>(
    `select k.ord from unnest($1::text[]) with ordinality as k(key, ord)
      where pg_try_advisory_lock(hashtextextended(k.key, 0))
      limit $2`,
    [candidates.map((c) => c.key), size],
  )
  return rows.map((r) => candidates[Number(r.ord) - 1] as BatchCandidate)
}

/**
 * In the batch's transaction: the claimed messages still open and still their person's
 * earliest open one, locked until the transaction ends (a message closed by the lock's previous
 * holder, or preceded by one that arrived since, is left out). The ids again as an array: the
 * planner guesses 100 rows for jsonb_to_recordset and then read every open message of the
 * inbox (the whole backlog of a burst) to join them; `id = any` makes it a few key lookups.
 */
export async function lockBatchRows(
  tx: Queryable,
  claimed: readonly BatchCandidate[],
): Promise<InboundRow[]> {
  const { rows } = await tx.query<InboundRow>(
    `select i.id, i.message_id, i.channel, i.wa_id, i.user_id, i.type, i.payload, i.sent_at,
            i.processed_at, i.attempts
       from whatsapp_inbound i
       join jsonb_to_recordset($1::jsonb) as m(id bigint, forms text[]) on m.id = i.id
      where i.id = any($2::bigint[]) and i.processed_at is null
        and not exists (
          select 1 from whatsapp_inbound e
           where e.processed_at is null and e.channel = i.channel and e.wa_id = any(m.forms)
             and (e.sent_at, e.id) < (i.sent_at, i.id))
      order by i.id
      for update of i`,
    [JSON.stringify(claimed.map((c) => ({ id: c.id, forms: c.waIds }))), claimed.map((c) => c.id)],
  )
  return rows
}

export type ClosedInbound = {
  id: number
  status: string
  userId: string | null
  erasePayload: boolean
}

/**
 * Closes the batch's messages (as markProcessed does, one statement for all) and retires the
 * jobs of the messages in `retire` (message ids): a job a runner already took finds its
 * message closed and does nothing. The messages come as arrays, not JSON: the planner knows
 * unnest's row count (it guesses 100 for jsonb_to_recordset, and for 100 rows it scanned the
 * whole inbox instead of 16 key lookups). Only the recovery sweep queues such keyed jobs, so nearly
 * always none exists: one probe of the jobs' key index finds the few there are, and only they
 * pay remove_job's plpgsql call and its two statements (a delete, then an update), instead of
 * every message of every batch (ADR 027, 2026-11-27).
 */
export async function closeBatch(
  tx: Queryable,
  { closed, retire }: { closed: readonly ClosedInbound[]; retire: readonly string[] },
): Promise<void> {
  await tx.query(
    `with closed as (
       update whatsapp_inbound i
          set processed_at = now(), status = m.status, user_id = m.user_id,
              attempts = i.attempts + 1, last_error = null,
              payload = case when m.erase then null else i.payload end
         from unnest($1::bigint[], $2::text[], $3::text[], $4::boolean[])
                as m(id, status, user_id, erase)
        where i.id = m.id
        returning i.id)
     select (select count(*) from closed) as closed,
            (select count(graphile_worker.remove_job(j.key)) from graphile_worker._private_jobs j
              where j.key = any($5::text[])) as retired`,
    [
      closed.map((c) => c.id),
      closed.map((c) => c.status),
      closed.map((c) => c.userId),
      closed.map((c) => c.erasePayload),
      retire.map((messageId) => `${whatsappInboundJob.keyPrefix ?? 'wa-in:'}${messageId}`),
    ],
  )
}
