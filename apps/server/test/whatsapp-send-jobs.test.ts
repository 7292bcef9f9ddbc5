import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startJobRunner } from '../src/app/job-runner.ts'
import { WHATSAPP_SEND_POLICY } from '../src/app/jobs.ts'
import { recoverUnfinished } from '../src/messaging/recovery.ts'
import { runSendJob } from '../src/messaging/send-job.ts'
import { whatsappSendJob } from '../src/messaging/whatsapp.jobs.ts'
import { jobKey } from '../src/platform/jobs/job-spec.ts'
import { createLogger } from '../src/platform/logger.ts'
import { type FakeMeta, fakeMetaEnv, startFakeMeta } from './fake-meta.ts'
import { waitForIdleJobs } from './job-queue.ts'
import { queueReminders } from './outbox-kit.ts'
import { spawnProject } from './spawn-project.ts'
import { testEnv } from './test-server.ts'
import { useTestDatabase } from './use-test-database.ts'

/*
 * One whatsapp_send job per group of a batch's replies (ADR 008, 2026-11-26 late): the replies
 * whose pacing slots fall together share a job, which sends them as one batch; what the batch
 * cannot send now goes the single way under its own job; and a reply is covered, for the
 * recovery sweep, while a waiting or live job names it.
 */
let fake: FakeMeta
let dataDir: string
const children: ChildProcess[] = []
beforeAll(async () => {
  fake = await startFakeMeta()
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'equilibrai-send-jobs-'))
})
const database = useTestDatabase()
// Registered after useTestDatabase, so it runs first: the fake closes before the database.
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  await fake?.close()
  rmSync(dataDir, { recursive: true, force: true })
})
beforeEach(() => fake.reset())

const env = () => testEnv(fakeMetaEnv(fake))
const deps = () => ({
  db: database.pool,
  env: env(),
  log: createLogger('silent'),
  policy: WHATSAPP_SEND_POLICY,
})

let nextNumber = 5511987650001
const numbers = (count: number) => Array.from({ length: count }, () => String(nextNumber++))

type Reply = { id: number; wa_id: string; not_before: Date; status: string }
const repliesTo = async (waIds: string[]) =>
  (
    await database.pool.query<Reply>(
      `select id::int, wa_id, not_before, status from whatsapp_outbound
        where wa_id = any($1) order by id`,
      [waIds],
    )
  ).rows

type SendJobRow = { id: string; key: string | null; run_at: Date; ids: number[] }
/** The send jobs waiting that name any of `ids` (in `ids`, or as their one `id`). */
const sendJobsFor = async (ids: number[]) =>
  (
    await database.pool.query<SendJobRow>(
      `select j.id, j.key, j.run_at,
              array(select x::int from json_array_elements_text(
                      coalesce(j.payload -> 'ids', json_build_array(j.payload -> 'id'))) x)
                as ids
         from graphile_worker._private_jobs j
         join graphile_worker._private_tasks t on t.id = j.task_id and t.identifier = $2
        where j.attempts < j.max_attempts
          and exists (select 1 from json_array_elements_text(
                        coalesce(j.payload -> 'ids', json_build_array(j.payload -> 'id'))) x
                       where x::int = any($1))
        order by j.id`,
      [ids, whatsappSendJob.task],
    )
  ).rows

const sendsOf = (id: number) =>
  fake.sent.filter((m) => m.body.biz_opaque_callback_data === `out:${id}`)

describe('a batch’s replies', () => {
  it('go out in one job per group due together: once each, in order, a second apart', async () => {
    const people = numbers(6)
    // Three batches answer the same six people: each person's replies are a second apart.
    for (const round of [1, 2, 3]) await queueReminders(database.pool, people, `round${round}`)
    const replies = await repliesTo(people)
    expect(replies).toHaveLength(18)
    const jobs = await sendJobsFor(replies.map((r) => r.id))
    expect(jobs).toHaveLength(3)
    expect(jobs.map((j) => j.key)).toEqual([null, null, null])
    expect(jobs.map((j) => j.ids.length)).toEqual([6, 6, 6])
    for (const job of jobs) {
      const slots = replies.filter((r) => job.ids.includes(r.id)).map((r) => +r.not_before)
      // Run at the group's latest slot, the group's slots within 250 ms of each other.
      expect(+job.run_at).toBe(Math.max(...slots))
      expect(Math.max(...slots) - Math.min(...slots)).toBeLessThanOrEqual(250)
    }

    const runner = await startJobRunner(database.pool, createLogger('silent'), env(), 4)
    try {
      await expect.poll(() => fake.sent.length, { timeout: 30_000 }).toBe(18)
      await waitForIdleJobs(database.pool)
    } finally {
      await runner.stop()
    }
    expect(fake.sent).toHaveLength(18)
    for (const reply of replies) {
      const [sent, ...again] = sendsOf(reply.id)
      expect(again).toEqual([])
      // Never before its slot.
      expect(sent?.at ?? 0).toBeGreaterThanOrEqual(+reply.not_before)
    }
    for (const waId of people) {
      const mine = replies.filter((r) => r.wa_id === waId)
      const sent = fake.sentTo(waId)
      expect(sent.map((m) => m.body.biz_opaque_callback_data)).toEqual(
        mine.map((r) => `out:${r.id}`),
      )
      for (let i = 1; i < sent.length; i++) {
        expect((sent[i]?.at ?? 0) - (sent[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(900)
      }
    }
    expect((await repliesTo(people)).map((r) => r.status)).toEqual(Array(18).fill('sent'))
  }, 60_000)

  it('hand a reply not due yet to its own job, for when it is due', async () => {
    const people = numbers(3)
    await queueReminders(database.pool, people, 'later')
    const replies = await repliesTo(people)
    const [job] = await sendJobsFor(replies.map((r) => r.id))
    if (!job) throw new Error('the replies have a job')
    // One of them is a retry now, due in an hour.
    const later = replies[1] as Reply
    const { rows } = await database.pool.query<{ due: Date }>(
      `update whatsapp_outbound set next_attempt_at = now() + interval '1 hour'
        where id = $1 returning next_attempt_at as due`,
      [later.id],
    )

    await runSendJob(deps(), { id: job.ids[0] ?? 0, ids: job.ids })
    // Done, as the runner would mark it (left waiting, it would run again in the next test).
    await database.pool.query('select graphile_worker.complete_jobs(array[$1::bigint])', [job.id])
    expect(fake.sent.map((m) => m.to).sort()).toEqual(
      replies
        .filter((r) => r !== later)
        .map((r) => r.wa_id)
        .sort(),
    )
    const own = (await sendJobsFor([later.id])).filter((j) => j.id !== job.id)
    expect(own).toHaveLength(1)
    expect(own[0]?.key).toBe(jobKey(whatsappSendJob, later.id))
    expect(+(own[0]?.run_at ?? 0)).toBe(+(rows[0]?.due ?? 1))
  })
})

describe('a worker killed during a group’s calls to Meta', () => {
  it('leaves exactly the group’s unsettled replies to the recovery sweep', async () => {
    const db = database.pool
    const group = numbers(3)
    const waiting = numbers(2)
    await queueReminders(database.pool, group, 'killed')
    await queueReminders(database.pool, waiting, 'waiting')
    const sending = (await repliesTo(group)).map((r) => r.id)
    const later = (await repliesTo(waiting)).map((r) => r.id)
    // The second group waits for its slot, an hour from now: only its job covers it.
    await db.query(
      `update whatsapp_outbound set not_before = now() + interval '1 hour',
              next_attempt_at = now() + interval '1 hour'
        where id = any($1)`,
      [later],
    )
    const [laterJob] = await sendJobsFor(later)
    await db.query(
      `update graphile_worker._private_jobs set run_at = now() + interval '1 hour' where id = $1`,
      [laterJob?.id],
    )

    fake.setLatency(5_000)
    const worker = spawnProject(
      'apps/server/src/app/worker.ts',
      [],
      {
        ...fakeMetaEnv(fake),
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        WORKER_STALE_AFTER_SECONDS: '2',
        AUTH_SECRET: 'send-jobs-test-secret-send-jobs-0123456789',
      },
      children,
    )
    await expect.poll(() => fake.requests, { timeout: 60_000, interval: 10 }).toBe(3)
    // While the worker lives, its group is being sent and the other group's job waits:
    // nothing for the sweep.
    expect(await recoverUnfinished(db, { staleAfterMs: 2_000 })).toEqual({
      inbound: 0,
      outbound: 0,
    })

    worker.child.kill('SIGKILL')
    await worker.exited
    // Its heartbeat and its job's lock go stale (a lock younger than the window, or held by a
    // locker heard from within it, is live: platform/jobs/lock-recovery.ts).
    await expect
      .poll(
        async () =>
          (
            await db.query<{ live: number }>(
              `select (select count(*) from worker_heartbeats
                        where seen_at >= now() - interval '2 seconds')
                    + (select count(*) from graphile_worker._private_jobs
                        where locked_at >= now() - interval '2 seconds') as live`,
            )
          ).rows[0]?.live,
        { timeout: 10_000, interval: 100 },
      )
      .toBe(0)
    expect(await recoverUnfinished(db, { staleAfterMs: 2_000 })).toEqual({
      inbound: 0,
      outbound: 3,
    })
    const keyed = await db.query<{ key: string }>(
      'select key from graphile_worker.jobs where key = any($1) order by key',
      [[...sending, ...later].map((id) => jobKey(whatsappSendJob, id))],
    )
    expect(keyed.rows.map((r) => r.key)).toEqual(
      sending.map((id) => jobKey(whatsappSendJob, id)).sort(),
    )
    fake.setLatency(0)
  }, 120_000)
})
