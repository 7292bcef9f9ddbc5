import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../src/platform/index.ts'
import { groupedInbox } from '../src/messaging/grouped-inbox.ts'
import type { NewInbound } from '../src/messaging/inbox.ts'
import { useTestDatabase } from './use-test-database.ts'

/*
 * The webhook's inbox writes (grouped-inbox.ts, ADR 036): deliveries arriving while a write is in
 * flight share the next statement; each is answered with its own messages once that statement
 * committed; a group that fails is retried one by one so a bad delivery fails alone.
 */
const database = useTestDatabase()
const statements: string[] = []
let counted: Db

beforeAll(() => {
  const pool = database.pool
  // The real pool, with its inbox statements counted.
  counted = new Proxy(pool, {
    get(target, key) {
      if (key === 'query')
        return (...args: Parameters<Db['query']>) => {
          statements.push(String(args[0]))
          return (target.query as (...a: unknown[]) => unknown)(...args)
        }
      const value = Reflect.get(target, key)
      return typeof value === 'function' ? value.bind(target) : value
    },
  }) as Db
})

let n = 0
function message(overrides: Partial<NewInbound> = {}): NewInbound {
  const id = `wamid.group-${process.pid}-${n++}`
  return {
    messageId: id,
    channel: 'whatsapp',
    waId: `5511988${String(n).padStart(6, '0')}`,
    type: 'text',
    payload: { id, type: 'text', text: { body: `oi ${n}` } },
    sentAt: null,
    ...overrides,
  }
}

/** The stored messages among `ids` that a whatsapp_inbound job answers for, in arrival order. */
async function storedIds(ids: string[]): Promise<string[]> {
  const { rows } = await database.pool.query<{ message_id: string }>(
    `select i.message_id from whatsapp_inbound i
      where i.message_id = any($1::text[])
        and exists (select 1 from graphile_worker._private_jobs j
                     where (j.payload::jsonb) -> 'ids' @> to_jsonb(i.id))
      order by i.id`,
    [ids],
  )
  return rows.map((r) => r.message_id)
}

/** How many jobs answer for the stored messages among `ids`. */
async function jobsFor(ids: string[]): Promise<number> {
  const { rows } = await database.pool.query<{ n: number }>(
    `select count(distinct j.id)::int as n
       from whatsapp_inbound i
       join graphile_worker._private_jobs j on (j.payload::jsonb) -> 'ids' @> to_jsonb(i.id)
      where i.message_id = any($1::text[])`,
    [ids],
  )
  return rows[0]?.n ?? 0
}

describe('grouped inbox writes', () => {
  it('writes the deliveries that arrive during a write together, and answers each with its own', async () => {
    const inbox = groupedInbox(counted)
    const deliveries = Array.from({ length: 20 }, (_, i) =>
      i === 5 ? [message(), message()] : [message()],
    )
    statements.length = 0
    const results = await Promise.all(deliveries.map((d) => inbox(d)))
    // The first alone, the 19 that came while it was in flight in one statement.
    expect(statements).toHaveLength(2)
    for (const [i, d] of deliveries.entries()) {
      expect(results[i]?.stored.map((s) => s.messageId)).toEqual(d.map((m) => m.messageId))
    }
    // Stored in arrival order, each with a job (ids ascend as they came): one job per 16
    // messages of a statement (1 + 20 messages: 1 + 2 jobs), each naming its messages.
    const all = deliveries.flat().map((m) => m.messageId)
    expect(await storedIds(all)).toEqual(all)
    expect(await jobsFor(all)).toBe(3)
    const ids = results.flatMap((r) => r.stored.map((s) => s.id))
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
  })

  it('stores a message id once: a repeat in the same group or later is not stored again', async () => {
    const inbox = groupedInbox(counted)
    const first = message()
    const other = message()
    const results = await Promise.all([
      inbox([message()]),
      inbox([first]),
      inbox([first, other]),
      inbox([first]),
    ])
    expect(results.slice(1).map((r) => r.stored.map((s) => s.messageId))).toEqual([
      [first.messageId],
      [other.messageId],
      [],
    ])
    expect((await inbox([first])).stored).toEqual([])
  })

  it('retries a failed group one by one: only the bad delivery fails', async () => {
    const inbox = groupedInbox(counted)
    const good = [message(), message(), message()]
    // A channel the table refuses (check constraint): the whole group's statement fails.
    const bad = message({ channel: 'fax' as NewInbound['channel'] })
    const results = await Promise.allSettled([
      inbox([message()]),
      inbox([good[0] as NewInbound]),
      inbox([bad]),
      inbox([good[1] as NewInbound, good[2] as NewInbound]),
    ])
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ])
    expect(await storedIds([...good.map((m) => m.messageId), bad.messageId])).toEqual(
      good.map((m) => m.messageId),
    )
  })
})
