import { beforeAll, describe, expect, it } from 'vitest'
import { startJobRunner } from '../src/app/job-runner.ts'
import { receive } from '../src/messaging/inbox.ts'
import { recoverUnfinished } from '../src/messaging/recovery.ts'
import {
  INBOUND_JOB_MESSAGES,
  WHATSAPP_PROCESS_ATTEMPTS,
  whatsappInboundJob,
} from '../src/messaging/whatsapp.jobs.ts'
import { processInbound, processInboundJob } from '../src/assistant/index.ts'
import type { Db } from '../src/platform/db/database.ts'
import { createLogger } from '../src/platform/logger.ts'
import { waitForIdleJobs } from './job-queue.ts'
import { inboxKit } from './inbox-kit.ts'
import { testEnv } from './test-server.ts'
import { useTestDatabase } from './use-test-database.ts'

/*
 * ADR 024, 2026-11-26 night: an inbox statement queues one whatsapp_inbound job per
 * INBOUND_JOB_MESSAGES of its messages, not one each. Every message is still answered once and
 * each person's in the order sent; a worker that dies mid-way leaves the rest to the recovery
 * sweep; a message that fails is retried alone, its attempts counted, up to the apology.
 */

const database = useTestDatabase()
let db: Db
beforeAll(() => {
  db = database.pool
})
const { linkedPeople, text, brokenMessage, entriesOf, replyCount } = inboxKit(() => db, {
  numbers: '5531987650',
  ids: 'wamid.jobs',
})

const log = createLogger('silent')

/** The whatsapp_inbound jobs naming any of these messages, with what they name. */
async function inboundJobs(ids: readonly number[]) {
  const { rows } = await db.query<{
    id: string
    ids: number[]
    attempts: number
    locked: boolean
    last_error: string | null
  }>(
    `select j.id, array(select x::bigint from json_array_elements_text(
                          coalesce(j.payload -> 'ids', json_build_array(j.payload -> 'id'))) x)
                    as ids,
            j.attempts, j.locked_at is not null as locked, j.last_error
       from graphile_worker._private_jobs j
       join graphile_worker._private_tasks t on t.id = j.task_id and t.identifier = $1
      where exists (select 1 from json_array_elements_text(
                      coalesce(j.payload -> 'ids', json_build_array(j.payload -> 'id'))) x
                     where x::bigint = any($2))
      order by j.id`,
    [whatsappInboundJob.task, ids],
  )
  return rows.map((r) => ({ ...r, ids: r.ids.map(Number) }))
}

async function inbox(ids: readonly number[]) {
  const { rows } = await db.query<{
    id: number
    status: string | null
    attempts: number
    processed: boolean
  }>(
    `select id, status, attempts, processed_at is not null as processed
       from whatsapp_inbound where id = any($1) order by id`,
    [ids],
  )
  return rows
}

/** Each person's recorded amounts, in the order they were recorded. */
async function amountsOf(people: readonly string[]): Promise<Map<string, number[]>> {
  const byPerson = new Map<string, number[]>()
  for (const r of await entriesOf(people)) {
    byPerson.set(r.wa_id, [...(byPerson.get(r.wa_id) ?? []), r.amount_cents])
  }
  return byPerson
}

describe('whatsapp_inbound jobs per inbox statement', () => {
  it('queues fewer jobs than messages, and answers every message once, in order per person', async () => {
    const people = await linkedPeople(5)
    const start = Date.now() - 120_000
    // Eight messages each, sent a second apart, stored interleaved in one statement.
    const messages = Array.from({ length: 8 }, (_, k) =>
      people.map((p, i) => text(p, `mercado ${i * 100 + k + 1}`, new Date(start + k * 1000))),
    ).flat()
    const { stored } = await receive(db, messages)
    const ids = stored.map((s) => s.id)
    expect(ids).toHaveLength(40)
    const jobs = await inboundJobs(ids)
    // 40 messages → 3 jobs of at most 16, together naming each message once, in order.
    expect(jobs).toHaveLength(Math.ceil(40 / INBOUND_JOB_MESSAGES))
    expect(jobs.flatMap((j) => j.ids)).toEqual(ids)

    const runner = await startJobRunner(db, log, testEnv(), 4)
    try {
      await waitForIdleJobs(db, { timeout: 60_000 })
    } finally {
      await runner.stop()
    }
    const rows = await inbox(ids)
    expect(rows.every((r) => r.processed && r.status === 'processed' && r.attempts === 1)).toBe(
      true,
    )
    const amounts = await amountsOf(people)
    for (const [i, p] of people.entries()) {
      expect(amounts.get(p)).toEqual(Array.from({ length: 8 }, (_, k) => (i * 100 + k + 1) * 100))
    }
    expect(await replyCount(people)).toBe(40)
  }, 90_000)

  it('a worker that dies mid-job: the sweep requeues the rest, each answered once', async () => {
    const people = await linkedPeople(3)
    const { stored } = await receive(
      db,
      people.flatMap((p, i) => [text(p, `uber ${i + 10}`), text(p, `padaria ${i + 20}`)]),
    )
    const ids = stored.map((s) => s.id)
    const [job] = await inboundJobs(ids)
    // The job was taken by a worker that got through one batch and then died.
    await db.query(
      `update graphile_worker._private_jobs set locked_at = now() - interval '5 minutes',
              locked_by = 'morto', attempts = attempts + 1 where id = $1`,
      [job?.id],
    )
    await processInbound({ db, env: testEnv(), log }, ids[0] ?? 0)
    const done = (await inbox(ids)).filter((r) => r.processed).map((r) => r.id)
    expect(done).toHaveLength(3)
    const staleAfterMs = 60_000
    // While its worker beats, its job still answers for the rest: nothing is requeued.
    await db.query(
      `insert into worker_heartbeats (locker_id, process, seen_at) values ('morto', 'p', now())`,
    )
    expect(await recoverUnfinished(db, { staleAfterMs })).toEqual({ inbound: 0, outbound: 0 })
    // Silent past the window: each open message gets a job of its own.
    await db.query(
      `update worker_heartbeats set seen_at = now() - interval '2 minutes' where locker_id = 'morto'`,
    )
    expect(await recoverUnfinished(db, { staleAfterMs })).toEqual({ inbound: 3, outbound: 0 })
    const requeued = await inboundJobs(ids)
    expect(requeued.filter((j) => !j.locked).flatMap((j) => j.ids)).toEqual(
      ids.filter((id) => !done.includes(id)),
    )

    const runner = await startJobRunner(db, log, testEnv(), 2)
    try {
      await waitForIdleJobs(db, { timeout: 60_000, workersSince: new Date() })
    } finally {
      await runner.stop()
    }
    expect((await inbox(ids)).every((r) => r.processed && r.attempts === 1)).toBe(true)
    const amounts = await amountsOf(people)
    for (const [i, p] of people.entries()) {
      expect(amounts.get(p)).toEqual([(i + 10) * 100, (i + 20) * 100])
    }
    expect(await replyCount(people)).toBe(6)
    // The dead worker's job, freed and run late, finds its messages closed: nothing twice.
    await db.query(
      `update graphile_worker._private_jobs set locked_at = null, locked_by = null where id = $1`,
      [job?.id],
    )
    const again = await startJobRunner(db, log, testEnv(), 2)
    try {
      await waitForIdleJobs(db, { timeout: 60_000 })
    } finally {
      await again.stop()
    }
    expect(await inboundJobs(ids)).toEqual([])
    expect(await replyCount(people)).toBe(6)
    expect([...(await amountsOf(people)).values()].flat()).toHaveLength(6)
  }, 90_000)

  it('a message that fails is retried alone, its attempts counted, until the apology', async () => {
    const people = await linkedPeople(3)
    const broken = brokenMessage('sim:jobs-broken')
    const { stored } = await receive(db, [
      text(people[0] ?? '', 'mercado 30'),
      broken,
      text(people[1] ?? '', 'mercado 31'),
      text(people[2] ?? '', 'mercado 32'),
    ])
    const ids = stored.map((s) => s.id)
    const brokenId = stored[1]?.id ?? 0
    const [job] = await inboundJobs(ids)
    expect(job?.ids).toEqual(ids)
    const payload = { id: job?.ids[0] ?? 0, ids: job?.ids ?? [] }
    const deps = { db, env: testEnv(), log }
    // The job's runs, as graphile-worker makes them: a run that throws is run again later.
    // Each run tries the broken message once more, alone; its first run twice (the failed
    // batch's try, each of its messages then alone, and its own).
    for (let run = 1; run <= WHATSAPP_PROCESS_ATTEMPTS - 1; run++) {
      const attempt = processInboundJob(deps, payload)
      if (run < WHATSAPP_PROCESS_ATTEMPTS - 1) {
        await expect(attempt).rejects.toThrow(/without an account/)
      } else {
        await attempt
      }
      expect((await inbox([brokenId]))[0]?.attempts).toBe(run + 1)
      // The others: answered once, by the first run, never again.
      const others = (await inbox(ids)).filter((r) => r.id !== brokenId)
      expect(others.map((r) => [r.processed, r.attempts])).toEqual([
        [true, 1],
        [true, 1],
        [true, 1],
      ])
    }
    // After the last attempt: closed as failed, with its apology queued; nothing else twice.
    expect((await inbox([brokenId]))[0]).toMatchObject({ processed: true, status: 'failed' })
    const apology = await db.query<{ n: number }>(
      `select count(*)::int as n from whatsapp_outbound where idempotency_key = $1`,
      [`${broken.messageId}:reply`],
    )
    expect(apology.rows[0]?.n).toBe(1)
    expect([...(await amountsOf(people)).values()].flat()).toEqual([3000, 3100, 3200])
    expect(await replyCount(people)).toBe(3)
  }, 120_000)
})
