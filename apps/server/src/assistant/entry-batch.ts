import type pg from 'pg'
import {
  checkEntry,
  LimitReachedError,
  type RecordedEntry,
  type RecordEntryParams,
  recordEntries,
} from '../ledger/index.ts'

/*
 * A batch of WhatsApp messages records its plain entries together (ADR 024, 2026-11-26 late):
 * the owners' monthly slots in one statement, the entries in one multi-row insert, instead of
 * both per message.
 *
 * A message's code stays the single path's: the assistant calls `record` where it would call
 * recordEntry and awaits the same result. `record` makes recordEntry's checks at once (the
 * account, the category of one's own: their errors are the message's, at its turn), then
 * waits; the batch sees the message waiting (`whenWaiting`) and goes on to the next message;
 * `flush` claims and inserts everything waiting and answers each `record` as recordEntry would
 * have (the entry and the count after it, or LimitReachedError), and the messages finish their
 * replies.
 *
 * What keeps it the same as one by one (the processor decides who may wait, processor.ts):
 * only a ledger's first message in the batch waits here, so each ledger has at most one entry
 * waiting and no other message of the batch reads or writes that ledger before the flush —
 * a later message of the same ledger (a team, one person on two channels) or any message that
 * does not come with its ledger's state flushes first. Owners' counts follow the order given.
 */

type Waiting = {
  params: RecordEntryParams
  resolve: (recorded: RecordedEntry) => void
  reject: (error: unknown) => void
}

export class EntryBatch {
  #waiting: Waiting[] = []
  #onWait: (() => void) | null = null

  /** Entries waiting for the flush. */
  get size(): number {
    return this.#waiting.length
  }

  /** Resolves as soon as a `record` call is waiting (the caller's message has paused). */
  whenWaiting(): Promise<void> {
    return new Promise((resolve) => {
      this.#onWait = resolve
    })
  }

  /** recordEntry, answered by the next `flush`. */
  async record(tx: pg.PoolClient, params: RecordEntryParams): Promise<RecordedEntry> {
    const checked = await checkEntry(tx, params)
    return new Promise<RecordedEntry>((resolve, reject) => {
      this.#waiting.push({ params: checked, resolve, reject })
      const wake = this.#onWait
      this.#onWait = null
      wake?.()
    })
  }

  /**
   * Records every entry waiting, in the order they came, and answers each. When the statements
   * fail, every waiting `record` gets the error too, and so does the caller (the batch's
   * transaction is then lost as a whole).
   */
  async flush(tx: pg.PoolClient): Promise<void> {
    const waiting = this.#waiting
    this.#waiting = []
    if (waiting.length === 0) return
    let results: Awaited<ReturnType<typeof recordEntries>>
    try {
      results = await recordEntries(
        tx,
        waiting.map((w) => w.params),
      )
    } catch (error) {
      for (const w of waiting) w.reject(error)
      throw error
    }
    for (const [i, w] of waiting.entries()) {
      const result = results[i]
      if (result === undefined) w.reject(new Error('recordEntries answered fewer entries'))
      else if (result instanceof LimitReachedError) w.reject(result)
      else w.resolve(result)
    }
  }
}
