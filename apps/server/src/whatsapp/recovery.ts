import type { Db } from '../db/database.ts'
import { addJob } from '../jobs/add-job.ts'
import { JOBS } from '../jobs/jobs.ts'

/*
 * After a crash (kill -9, a lost machine), graphile-worker keeps the jobs that were running
 * locked for four hours. The work itself is not lost: the inbox and outbox rows say what is
 * unfinished. This sweep (when a runner starts, and every minute) queues a fresh job for every
 * unfinished row that has no job waiting for it and that nobody is working on: a live attempt
 * holds a lock for its whole duration (the inbox row FOR UPDATE; an advisory lock on an outbox
 * message), which the sweep skips, while a dead one's locks went with its connection. Adding a job under the same key retires
 * the dead worker's job (graphile-worker clears its key and uses up its attempts). In the rare
 * race with a live worker that has taken the job but not yet the row, the second job finds the
 * work done and does nothing.
 */

const BATCH = 500

/**
 * No job with this key is waiting to run (none at all, or only one a worker has taken). `key`
 * must name the outer row's columns qualified (the jobs view has an `id` of its own) and `$1`
 * must be the job's key prefix.
 */
const NO_WAITING_JOB = (key: string) => `not exists (
  select 1 from graphile_worker.jobs j where j.key = $1 || ${key} and j.locked_at is null
    and j.attempts < j.max_attempts)`

export async function recoverUnfinished(db: Db): Promise<{ inbound: number; outbound: number }> {
  const client = await db.connect()
  try {
    await client.query('begin')
    const inbound = await client.query<{ id: number; message_id: string }>(
      `select id, message_id from whatsapp_inbound i
        where processed_at is null and ${NO_WAITING_JOB('i.message_id')}
        order by id limit ${BATCH}
        for update skip locked`,
      [JOBS.whatsappInbound.keyPrefix],
    )
    for (const row of inbound.rows) {
      await addJob(
        client,
        JOBS.whatsappInbound,
        { id: row.id },
        { key: row.message_id, preserveRunAt: true },
      )
    }
    // Held until this transaction ends: an attempt starting meanwhile waits for the new job.
    const outbound = await client.query<{ id: number }>(
      `with candidates as materialized (
         select id from whatsapp_outbound o
          where status = 'queued' and ${NO_WAITING_JOB('o.id')}
          order by id limit ${BATCH})
       select id from candidates
        where pg_try_advisory_xact_lock(hashtextextended('whatsapp-attempt:' || id, 0))`,
      [JOBS.whatsappSend.keyPrefix],
    )
    for (const row of outbound.rows) {
      await addJob(client, JOBS.whatsappSend, { id: row.id }, { key: row.id, preserveRunAt: true })
    }
    await client.query('commit')
    return { inbound: inbound.rows.length, outbound: outbound.rows.length }
  } catch (error) {
    await client.query('rollback').catch(() => {})
    throw error
  } finally {
    client.release()
  }
}

/** How long message contents are kept: the conversation is the person's ledger's past. */
export const RETENTION_DAYS = 30

/**
 * LGPD housekeeping: message texts older than RETENTION_DAYS are erased (the rows stay as the
 * delivery record), as are expired linking codes and the assistant's stored replies (kept only
 * so that a redelivered message gets the same answer; Meta redelivers for days, not weeks, and
 * the ledger's unique message id still stops a second entry).
 */
export async function applyRetention(
  db: Db,
): Promise<{ inbound: number; outbound: number; replies: number }> {
  const inbound = await db.query(
    `update whatsapp_inbound set payload = null
      where payload is not null and processed_at is not null
        and received_at < now() - make_interval(days => $1)`,
    [RETENTION_DAYS],
  )
  const outbound = await db.query(
    `update whatsapp_outbound set payload = jsonb_build_object('erased', true)
      where status <> 'queued' and not payload ? 'erased'
        and created_at < now() - make_interval(days => $1)`,
    [RETENTION_DAYS],
  )
  await db.query('delete from whatsapp_link_codes where expires_at < now()')
  const replies = await db.query(
    'delete from assistant_replies where created_at < now() - make_interval(days => $1)',
    [RETENTION_DAYS],
  )
  return {
    inbound: inbound.rowCount ?? 0,
    outbound: outbound.rowCount ?? 0,
    replies: replies.rowCount ?? 0,
  }
}
