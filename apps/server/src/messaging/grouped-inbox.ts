import type { Db } from '../platform/index.ts'
import { type NewInbound, receive } from './inbox.ts'

/*
 * The webhook's inbox writes, grouped while one is in flight (docs/decisions/
 * 036-embedded-socket-and-grouped-acknowledgements.md). Every inbox write queues its job with
 * graphile_worker.add_job, which NOTIFYs; PostgreSQL commits NOTIFYing transactions one at a time
 * (a database-wide lock from pre-commit until the commit is flushed to disk), so at 200
 * deliveries/s with the worker committing its own jobs, each acknowledgement queued behind
 * the others' WAL flushes. Here the first delivery goes at once, alone; those arriving while it
 * is in flight go together in the next statement: one commit, one flush, one NOTIFY for all of
 * them. Each delivery is answered only after the statement holding it committed (durable, as
 * before); a group that fails is tried again delivery by delivery, so one bad delivery fails
 * alone.
 */

type Stored = { stored: Array<{ id: number; messageId: string }> }
type Waiting = {
  messages: NewInbound[]
  resolve(result: Stored): void
  reject(error: unknown): void
}

/** At most this many messages in one statement (a delivery is never split). */
const MAX_MESSAGES = 200

export type InboxWriter = (messages: NewInbound[]) => Promise<Stored>

export function groupedInbox(db: Db): InboxWriter {
  const queue: Waiting[] = []
  let writing = false

  const take = (): Waiting[] => {
    const group: Waiting[] = []
    let count = 0
    while (
      queue.length &&
      (group.length === 0 || count + (queue[0]?.messages.length ?? 0) <= MAX_MESSAGES)
    ) {
      const next = queue.shift() as Waiting
      count += next.messages.length
      group.push(next)
    }
    return group
  }

  const write = async (group: Waiting[]) => {
    try {
      const { stored } = await receive(
        db,
        group.flatMap((w) => w.messages),
      )
      // A message id stored once goes to the first delivery that carried it (as one by one).
      const byId = new Map(stored.map((row) => [row.messageId, row]))
      for (const waiting of group) {
        const mine: Stored['stored'] = []
        for (const m of waiting.messages) {
          const row = byId.get(m.messageId)
          if (!row) continue
          byId.delete(m.messageId)
          mine.push(row)
        }
        waiting.resolve({ stored: mine })
      }
    } catch (error) {
      if (group.length === 1) return group[0]?.reject(error)
      // One by one, in the order they came (a person's messages keep their order).
      for (const w of group) await receive(db, w.messages).then(w.resolve, w.reject)
    }
  }

  const drain = async () => {
    writing = true
    try {
      while (queue.length) await write(take())
    } finally {
      writing = false
    }
  }

  return (messages) => {
    if (!messages.length) return Promise.resolve({ stored: [] })
    return new Promise<Stored>((resolve, reject) => {
      queue.push({ messages, resolve, reject })
      if (!writing) void drain()
    })
  }
}
