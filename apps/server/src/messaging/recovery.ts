import { whatsappInboundJob, whatsappSendJob } from './whatsapp.jobs.ts'
import { type Db, withTransaction, addJob } from '../platform/index.ts'
import { abandonedOutbound, eraseOldTexts, unfinishedInbound } from './recovery.queries.ts'
import { ATTEMPT_LOCK_PREFIX } from './sender.ts'

/*
 * After a crash (kill -9, a lost machine), graphile-worker keeps the jobs that were running
 * locked for four hours. The work itself is not lost: the inbox and outbox rows say what is
 * unfinished. This sweep (when a runner starts, and every minute) queues a fresh job for every
 * unfinished row that has no job waiting for it and that nobody is working on: a live attempt
 * holds a lock for its whole duration (the inbox row FOR UPDATE; an advisory lock on an outbox
 * message), which the sweep skips, while a dead one's locks went with its connection. A job a
 * live worker holds but has not reached the row with yet (waiting in its runner's local queue,
 * or for the person's conversation lock) is skipped too: it was locked, or its locker heard
 * from, within `staleAfterMs` — the lock sweep's own rule (platform/jobs/lock-recovery.ts), so
 * the sweep of a runner that has just started leaves alone the jobs that runner took before its
 * first heartbeat (ADR 024, 2026-11-26 late). An inbound job answers for the messages in
 * its payload (an inbox statement's, or one message's), and a send job for its batch's replies
 * (`ids`) or its one message, so a message is covered while any job naming it waits or is held
 * by a live worker. The sweep queues one job per message, under the
 * message's key: adding it again retires a dead worker's keyed job (graphile-worker clears its
 * key and uses up its attempts); a dead worker's job of an inbox statement is freed by the lock
 * sweep and, like any job run late, finds its messages closed and does nothing (a send job's
 * replies the sweep queued alone meanwhile are sent once: the attempt lock and the in-doubt
 * wait hold for whichever job comes first).
 */

export async function recoverUnfinished(
  db: Db,
  { staleAfterMs }: { staleAfterMs: number },
): Promise<{ inbound: number; outbound: number }> {
  return withTransaction(db, async (tx) => {
    const inbound = await unfinishedInbound(tx, { task: whatsappInboundJob.task, staleAfterMs })
    for (const row of inbound) {
      await addJob(
        tx,
        whatsappInboundJob,
        { id: row.id },
        { key: row.message_id, preserveRunAt: true },
      )
    }
    // Held until this transaction ends: an attempt starting meanwhile waits for the new job.
    const outbound = await abandonedOutbound(tx, {
      task: whatsappSendJob.task,
      keyPrefix: whatsappSendJob.keyPrefix,
      attemptLockPrefix: ATTEMPT_LOCK_PREFIX,
      staleAfterMs,
    })
    for (const id of outbound) {
      await addJob(tx, whatsappSendJob, { id }, { key: id, preserveRunAt: true })
    }
    return { inbound: inbound.length, outbound: outbound.length }
  })
}

/** How long message contents are kept: the conversation is the person's ledger's past. */
export const RETENTION_DAYS = 30

/**
 * LGPD housekeeping: message texts older than RETENTION_DAYS are erased (the rows stay as the
 * delivery record), as are expired linking codes and the assistant's stored replies (kept only
 * so that a redelivered message gets the same answer; Meta redelivers for days, not weeks, and
 * the ledger's unique message id still stops a second entry).
 */
export function applyRetention(
  db: Db,
): Promise<{ inbound: number; outbound: number; replies: number }> {
  return eraseOldTexts(db, { days: RETENTION_DAYS })
}
