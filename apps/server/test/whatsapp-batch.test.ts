import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../src/platform/db/database.ts'
import { createLogger } from '../src/platform/logger.ts'
import { receive } from '../src/messaging/inbox.ts'
import { conversationLockKey } from '../src/messaging/inbox.queries.ts'
import { processInbound, processInboundJob } from '../src/assistant/index.ts'
import { whatsappInboundJob } from '../src/messaging/whatsapp.jobs.ts'
import { addJob } from '../src/platform/jobs/add-job.ts'
import { INBOUND_BATCH_SIZE } from '../src/assistant/inbound-batch.ts'
import { inboxKit } from './inbox-kit.ts'
import { testEnv } from './test-server.ts'
import { useTestDatabase } from './use-test-database.ts'

/*
 * ADR 024, third pass: one whatsapp_inbound job understands the next message of several people
 * in one transaction. Each person's messages still go one at a time in the order sent, a busy
 * person is left to their own job, and a message that fails leaves the others recorded once.
 */

const database = useTestDatabase()
let db: Db
beforeAll(() => {
  db = database.pool
})

const { linkedPeople, text, brokenMessage, entriesOf, replyCount } = inboxKit(() => db, {
  numbers: '5521987650',
  ids: 'wamid.batch',
})

const deps = () => ({ db, env: testEnv(), log: createLogger('silent') })

type InboxRow = {
  id: number
  message_id: string
  wa_id: string
  status: string
  attempts: number
  processed: boolean
}
async function inbox(ids: readonly number[]): Promise<InboxRow[]> {
  const { rows } = await db.query<InboxRow>(
    `select id, message_id, wa_id, status, attempts, processed_at is not null as processed
       from whatsapp_inbound where id = any($1) order by id`,
    [ids],
  )
  return rows
}

/** The messages among `ids` that a waiting whatsapp_inbound job answers for (its payload). */
async function covered(ids: readonly number[]): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `select distinct x.id::bigint as id
       from graphile_worker._private_jobs j
       join graphile_worker._private_tasks t on t.id = j.task_id and t.identifier = $1
      cross join lateral json_array_elements_text(
              coalesce(j.payload -> 'ids', json_build_array(j.payload -> 'id'))) as x(id)
      where j.locked_at is null and j.attempts < j.max_attempts and x.id::bigint = any($2)
      order by 1`,
    [whatsappInboundJob.task, ids],
  )
  return rows.map((r) => Number(r.id))
}

/** Keyed jobs of one message each (the recovery sweep's). */
async function jobKeys(messageIds: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ key: string }>(
    'select key from graphile_worker.jobs where key = any($1) order by key',
    [messageIds.map((m) => `wa-in:${m}`)],
  )
  return rows.map((r) => r.key)
}

describe('several people in one job', () => {
  it("understands each person's next message together, closes them and retires their jobs", async () => {
    const people = await linkedPeople(4)
    const sent = new Date(Date.now() - 60_000)
    const later = new Date(sent.getTime() + 1_000)
    const { stored } = await receive(db, [
      ...people.map((p, i) => text(p, `uber ${i + 10}`, sent)),
      ...people.map((p, i) => text(p, `padaria ${i + 20}`, later)),
    ])
    const first = stored.slice(0, 4)
    const second = stored.slice(4)
    // Every message is answered for by the statement's job(s); and, as the recovery sweep
    // queues them, the first messages also by keyed jobs of their own.
    expect(await covered(stored.map((s) => s.id))).toEqual(stored.map((s) => s.id))
    for (const s of first) await addJob(db, whatsappInboundJob, { id: s.id }, { key: s.messageId })

    await processInbound(deps(), first[0]?.id ?? 0)

    // Everyone's first message, and only that: the second waits for the first to be closed.
    const closed = await inbox(stored.map((s) => s.id))
    expect(closed.filter((r) => r.processed).map((r) => r.id)).toEqual(first.map((s) => s.id))
    expect(closed.filter((r) => r.processed).every((r) => r.attempts === 1)).toBe(true)
    expect(await entriesOf(people)).toHaveLength(4)
    expect(await replyCount(people)).toBe(4)
    // The other people's first messages no longer need their keyed jobs; the second ones are
    // still answered for.
    expect(await jobKeys(first.slice(1).map((s) => s.messageId))).toEqual([])
    expect(await covered(second.map((s) => s.id))).toEqual(second.map((s) => s.id))

    // A second message's job takes the others' second messages: each person in order.
    await processInbound(deps(), second[2]?.id ?? 0)
    expect((await inbox(stored.map((s) => s.id))).every((r) => r.processed)).toBe(true)
    const entries = await entriesOf(people)
    for (const [i, p] of people.entries()) {
      expect(entries.filter((e) => e.wa_id === p).map((e) => e.description)).toEqual([
        'uber',
        'padaria',
      ])
      expect(entries.filter((e) => e.wa_id === p).map((e) => e.amount_cents)).toEqual([
        (i + 10) * 100,
        (i + 20) * 100,
      ])
    }
    expect(await replyCount(people)).toBe(8)
    // Queued together, each reply still has a send job naming it and its person's pacing slot:
    // the second a second or more after the first.
    const { rows: slots } = await db.query<{ wa_id: string; not_before: Date; queued: boolean }>(
      `select o.wa_id, o.not_before,
              exists (select 1 from graphile_worker._private_jobs j
                       where j.key = 'wa-out:' || o.id
                          or (j.payload -> 'ids')::jsonb @> to_jsonb(o.id)) as queued
         from whatsapp_outbound o where o.wa_id = any($1) order by o.id`,
      [people],
    )
    expect(slots.every((s) => s.queued)).toBe(true)
    for (const p of people) {
      const [a, b] = slots.filter((s) => s.wa_id === p).map((s) => s.not_before.getTime())
      expect((b ?? 0) - (a ?? 0)).toBeGreaterThanOrEqual(1000)
    }
  })

  it('takes at most INBOUND_BATCH_SIZE people', async () => {
    const people = await linkedPeople(INBOUND_BATCH_SIZE + 3)
    const { stored } = await receive(
      db,
      people.map((p) => text(p, 'cafe 5')),
    )
    await processInbound(deps(), stored[0]?.id ?? 0)
    const rows = await inbox(stored.map((s) => s.id))
    expect(rows.filter((r) => r.processed)).toHaveLength(INBOUND_BATCH_SIZE)
    for (const s of stored) await processInbound(deps(), s.id)
    expect((await inbox(stored.map((s) => s.id))).every((r) => r.processed)).toBe(true)
    expect(await entriesOf(people)).toHaveLength(people.length)
  })

  it('leaves a person whose conversation another job holds to that job', async () => {
    const [busy, free] = await linkedPeople(2)
    const { stored } = await receive(db, [text(busy ?? '', 'uber 7'), text(free ?? '', 'uber 8')])
    const holder = await db.connect()
    try {
      await holder.query('select pg_advisory_lock(hashtextextended($1, 0))', [
        conversationLockKey(busy ?? ''),
      ])
      await processInbound(deps(), stored[1]?.id ?? 0)
      const rows = await inbox(stored.map((s) => s.id))
      expect(rows.map((r) => [r.wa_id, r.processed])).toEqual([
        [busy, false],
        [free, true],
      ])
      expect(await covered([stored[0]?.id ?? 0])).toHaveLength(1)
    } finally {
      await holder.query('select pg_advisory_unlock_all()')
      holder.release()
    }
    await processInbound(deps(), stored[0]?.id ?? 0)
    expect((await inbox(stored.map((s) => s.id))).every((r) => r.processed)).toBe(true)
  })

  it('a message that fails leaves the others recorded once and is retried alone', async () => {
    const people = await linkedPeople(3)
    const broken = brokenMessage('sim:broken')
    const { stored } = await receive(db, [
      text(people[0] ?? '', 'mercado 30'),
      broken,
      text(people[1] ?? '', 'mercado 31'),
      text(people[2] ?? '', 'mercado 32'),
    ])
    const brokenId = stored[1]?.id ?? 0

    // The job of a good message: the batch fails, each goes alone, its own is closed.
    await processInbound(deps(), stored[0]?.id ?? 0)
    const rows = await inbox(stored.map((s) => s.id))
    expect(rows.map((r) => [r.id, r.processed, r.attempts])).toEqual([
      [stored[0]?.id, true, 1],
      [brokenId, false, 1],
      [stored[2]?.id, true, 1],
      [stored[3]?.id, true, 1],
    ])
    expect((await entriesOf(people)).map((e) => e.amount_cents)).toEqual([3000, 3100, 3200])
    expect(await replyCount(people)).toBe(3)
    // The broken message keeps its job, which retries it alone (never batched again): the
    // statement's job run again finds only it open.
    expect(await covered([brokenId])).toEqual([brokenId])
    const job = { id: stored[0]?.id ?? 0, ids: stored.map((s) => s.id) }
    await expect(processInboundJob(deps(), job)).rejects.toThrow(/without an account/)
    expect((await inbox(stored.map((s) => s.id))).map((r) => r.attempts)).toEqual([1, 2, 1, 1])

    // The others' jobs, if they still run, find their messages closed: nothing twice.
    for (const s of stored) if (s.id !== brokenId) await processInbound(deps(), s.id)
    expect(await entriesOf(people)).toHaveLength(3)
    expect(await replyCount(people)).toBe(3)
  })
})
