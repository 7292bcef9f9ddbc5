import type pg from 'pg'
import {
  batchCandidates,
  type ClosedInbound,
  closeBatch,
  enqueueOutboundBatch,
  type InboundRow,
  lockBatchRows,
  type OutboundInput,
  tryLockConversations,
} from '../messaging/index.ts'
import { inTransaction, type Logger, unlockSessions } from '../platform/index.ts'

/*
 * Several people's next messages in one whatsapp_inbound job (ADR 024, third pass): one claim,
 * one transaction, the messages' context read together (`prepare`: who wrote, the claims, the
 * ledgers and their state, ADR 024 "context read once per batch"), the replies queued together,
 * one statement that closes them all and retires their own jobs. Per message the work is the
 * single path's (processor.ts: linking, the assistant, the reply); what a batch saves is the
 * per-message job, locks, reads, BEGIN/COMMIT and closing.
 *
 * Failures: the batch's transaction is all or nothing. When it fails, each message it had
 * locked is understood again alone, in a transaction of its own, with today's failure rules
 * (a failed attempt counted, the apology after the last): one person's message that fails
 * never loses or duplicates another's, and a message that failed once is never batched again
 * (batchCandidates skips it), so it is retried alone by its own job.
 */

/** People whose next message one job understands together. */
export const INBOUND_BATCH_SIZE = 16

/** The oldest open messages a claim looks at to find `INBOUND_BATCH_SIZE` free people. */
const CLAIM_WINDOW = 256

/** A message understood: the reply to queue, and how to close the message. */
export type Responded = { closed: ClosedInbound; reply: OutboundInput | null }

/** A message's turn over: what it will have answered, once the batch's `finish` has run. */
export type Turn = { outcome: Promise<Responded> }

export type BatchSteps<P> = {
  /** Reads what the locked messages need, for all of them at once, before the first. */
  prepare: (tx: pg.PoolClient, rows: readonly InboundRow[]) => Promise<P>
  /**
   * Understands one locked message. Resolves when its turn is over — its own writes done, or
   * its entry left to be recorded with the batch's others (entry-batch.ts) — with its reply and
   * how to close it, which may settle only in `finish`.
   */
  respond: (tx: pg.PoolClient, row: InboundRow, prepared: P) => Promise<Turn>
  /**
   * Writes what the messages left for the end of the batch (their entries, their stored
   * replies): every turn's outcome is settled when it returns.
   */
  finish: (tx: pg.PoolClient, prepared: P) => Promise<void>
  /** One message alone, as the single path does it; throws when its job is to try again. */
  alone: (id: number) => Promise<void>
}

/**
 * Understands a batch that starts with message `ownId` when its person is free: 'own' when
 * `ownId` is closed by it; 'others' when only other people's messages were taken (its person
 * was busy or not at that message yet); 'none' when nobody was free. Throws when `ownId`
 * failed and its job is to try again.
 */
export async function understandBatch<P>(
  client: pg.PoolClient,
  { ownId, log }: { ownId: number; log: Logger },
  steps: BatchSteps<P>,
): Promise<'own' | 'others' | 'none'> {
  const candidates = await batchCandidates(client, { own: ownId, window: CLAIM_WINDOW })
  const claimed = await tryLockConversations(client, { candidates, size: INBOUND_BATCH_SIZE })
  if (claimed.length === 0) return 'none'
  const outcome = (rows: readonly InboundRow[]) =>
    rows.some((r) => r.id === ownId) ? ('own' as const) : ('others' as const)
  try {
    let locked: InboundRow[] = []
    try {
      await inTransaction(client, async (tx) => {
        locked = await lockBatchRows(tx, claimed)
        const closed: ClosedInbound[] = []
        const replies: OutboundInput[] = []
        const prepared = await steps.prepare(tx, locked)
        const outcomes: Promise<Responded>[] = []
        for (const row of locked) outcomes.push((await steps.respond(tx, row, prepared)).outcome)
        await steps.finish(tx, prepared)
        for (const { closed: close, reply } of await Promise.all(outcomes)) {
          closed.push(close)
          if (reply) replies.push(reply)
        }
        // The replies with their pacing slots and send jobs: two statements for the batch.
        await enqueueOutboundBatch(tx, replies)
        if (closed.length) {
          const retire = locked.filter((r) => r.id !== ownId).map((r) => r.message_id)
          await closeBatch(tx, { closed, retire })
        }
      })
      return outcome(locked)
    } catch (error) {
      log.warn(
        { err: error, inboundIds: locked.map((r) => r.id) },
        'whatsapp batch failed: its messages go one by one',
      )
      let ownFailure: unknown = null
      for (const row of locked) {
        try {
          await steps.alone(row.id)
        } catch (failure) {
          // Another person's message stays open for its own job, which retries it alone.
          if (row.id === ownId) ownFailure = failure
        }
      }
      if (ownFailure !== null) throw ownFailure
      return outcome(locked)
    }
  } finally {
    await unlockSessions(
      client,
      claimed.map((c) => c.key),
    )
  }
}
