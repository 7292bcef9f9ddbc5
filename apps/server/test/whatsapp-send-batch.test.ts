import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startJobRunner } from '../src/app/job-runner.ts'
import { WHATSAPP_SEND_POLICY } from '../src/app/jobs.ts'
import { claimHeads } from '../src/messaging/outbox-batch.queries.ts'
import { runSendJob } from '../src/messaging/send-job.ts'
import { deliverOutbound, IN_DOUBT_MS, PACING_MS } from '../src/messaging/sender.ts'
import { whatsappSendJob } from '../src/messaging/whatsapp.jobs.ts'
import { jobKey } from '../src/platform/jobs/job-spec.ts'
import { createLogger } from '../src/platform/logger.ts'
import { delivery, type FakeMeta, fakeMetaEnv, signedDelivery, startFakeMeta } from './fake-meta.ts'
import { waitForIdleJobs } from './job-queue.ts'
import { queueReminders } from './outbox-kit.ts'
import { crashTestEnv, spawnProject } from './spawn-project.ts'
import { startTestServer, type TestServer } from './test-server.ts'

/**
 * Sends in batches (ADR 008, 2026-11-26): one whatsapp_send job sends the due messages of
 * several recipients together — each exactly once, a failing recipient retried alone while the
 * others go out, and a crash between "attempt started" and "sent" leaving every message of the
 * batch in doubt, settled as a single one is (Meta's status callback, or a send again after
 * IN_DOUBT_MS without one).
 */
let fake: FakeMeta
let server: TestServer
let dataDir: string
const children: ChildProcess[] = []

beforeAll(async () => {
  fake = await startFakeMeta()
  // No worker: the test runs the send jobs itself, to see what one job does.
  server = await startTestServer({ ...fakeMetaEnv(fake), WORKER: 'off' })
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'equilibrai-send-batch-'))
})
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  await server?.stop()
  await fake?.close()
  rmSync(dataDir, { recursive: true, force: true })
})
beforeEach(() => fake.reset())

let nextNumber = 5511987690001
/** One template message to each of `count` new numbers, queued together as a batch of replies. */
async function queue(count: number, tag: string) {
  const waIds = Array.from({ length: count }, () => String(nextNumber++))
  const db = server.database.pool
  await queueReminders(db, waIds, tag)
  const { rows } = await db.query<{ id: number; wa_id: string }>(
    'select id, wa_id from whatsapp_outbound where wa_id = any($1) order by id',
    [waIds],
  )
  return rows
}

const rowsOf = async (ids: number[]) =>
  (
    await server.database.pool.query<{
      id: number
      status: string
      attempts: number
      wamid: string | null
      last_error: string | null
      attempt_started_at: Date | null
    }>(
      `select id, status, attempts, wamid, last_error, attempt_started_at
         from whatsapp_outbound where id = any($1) order by id`,
      [ids],
    )
  ).rows

/**
 * The messages of `ids` a waiting send job answers for (its own keyed job, or a job of a batch's
 * replies naming it in `ids`), each as its key.
 */
const waitingJobs = async (ids: number[]) =>
  (
    await server.database.pool.query<{ id: number }>(
      `select distinct x.id::bigint as id
         from graphile_worker._private_jobs j
         join graphile_worker._private_tasks t on t.id = j.task_id and t.identifier = $2
        cross join lateral json_array_elements_text(
                coalesce(j.payload -> 'ids', json_build_array(j.payload -> 'id'))) as x(id)
        where j.attempts < j.max_attempts
          and x.id::bigint = any($1)`,
      [ids, whatsappSendJob.task],
    )
  ).rows
    .map((r) => jobKey(whatsappSendJob, Number(r.id)))
    .sort()

/**
 * The job the batch's replies got (one job names them all), run here as the runner would run
 * it: its handler, then the job done.
 */
async function runFirstJob(ids: number[]) {
  const db = server.database.pool
  const { rows } = await db.query<{ id: string; payload: { id: number; ids?: number[] } }>(
    `select j.id, j.payload from graphile_worker._private_jobs j
       join graphile_worker._private_tasks t on t.id = j.task_id and t.identifier = $1
      where (j.payload ->> 'id')::bigint = $2`,
    [whatsappSendJob.task, ids[0]],
  )
  const job = rows[0]
  if (!job) throw new Error('the first message has a job')
  await runSendJob(deps(), job.payload)
  await db.query('select graphile_worker.complete_jobs(array[$1::bigint])', [job.id])
}

const deps = () => ({
  db: server.database.pool,
  env: server.deps.env,
  log: createLogger('silent'),
  policy: WHATSAPP_SEND_POLICY,
})

describe('one send job, several recipients', () => {
  it('sends each recipient’s message exactly once, and retires the jobs it did', async () => {
    const queued = await queue(5, 'batch')
    const ids = queued.map((r) => r.id)
    expect(await waitingJobs(ids)).toHaveLength(5)

    // The first message's job alone sends all five.
    await runFirstJob(ids)
    expect(fake.sent).toHaveLength(5)
    expect(fake.requests).toBe(5)
    expect(new Set(fake.sent.map((m) => m.to))).toEqual(new Set(queued.map((r) => r.wa_id)))
    const rows = await rowsOf(ids)
    expect(rows.map((r) => r.status)).toEqual(Array(5).fill('sent'))
    expect(rows.map((r) => r.attempts)).toEqual(Array(5).fill(1))
    expect(new Set(rows.map((r) => r.wamid))).toEqual(new Set(fake.sent.map((m) => m.wamid)))
    // The other four messages' jobs are gone (the first one's is the job that ran).
    expect(await waitingJobs(ids.slice(1))).toEqual([])

    // Every job left runs and finds nothing to send.
    for (const id of ids) await deliverOutbound(deps(), id)
    const runner = await startJobRunner(
      server.database.pool,
      createLogger('silent'),
      server.deps.env,
    )
    try {
      await waitForIdleJobs(server.database.pool)
    } finally {
      await runner.stop()
    }
    expect(fake.sent).toHaveLength(5)
  })

  it('retries a failing recipient alone while the others are sent', async () => {
    const queued = await queue(4, 'one-fails')
    const ids = queued.map((r) => r.id)
    const [, failing, limited] = queued
    if (!failing || !limited) throw new Error('four messages queued')
    fake.failFor(failing.wa_id, { status: 500 })
    fake.failFor(limited.wa_id, {
      status: 429,
      code: 4,
      message: 'Application request limit reached',
    })

    await runFirstJob(ids)
    expect(fake.requests).toBe(4)
    expect(fake.sent.map((m) => m.to).sort()).toEqual(
      queued
        .filter((r) => r !== failing && r !== limited)
        .map((r) => r.wa_id)
        .sort(),
    )
    const byId = new Map((await rowsOf(ids)).map((r) => [r.id, r]))
    for (const row of [failing, limited]) {
      expect(byId.get(row.id)).toMatchObject({ status: 'queued', attempts: 1, wamid: null })
      expect(byId.get(row.id)?.attempt_started_at).toBeNull()
      expect(byId.get(row.id)?.last_error).toBeTruthy()
    }
    // Each failed one has its own retry job; the other sent ones have none (the first one's is
    // the job that ran).
    expect(await waitingJobs(ids.slice(1))).toEqual(
      [failing.id, limited.id].map((id) => jobKey(whatsappSendJob, id)).sort(),
    )

    // The retries, due now: each failed message sent once more, nobody else again.
    await server.database.pool.query(
      `update whatsapp_outbound set next_attempt_at = now() where id = any($1)`,
      [[failing.id, limited.id]],
    )
    await server.database.pool.query(
      'update graphile_worker._private_jobs set run_at = now() where key = any($1)',
      [[failing.id, limited.id].map((id) => jobKey(whatsappSendJob, id))],
    )
    const runner = await startJobRunner(
      server.database.pool,
      createLogger('silent'),
      server.deps.env,
    )
    try {
      await expect.poll(() => fake.sent.length, { timeout: 15_000 }).toBe(4)
      await waitForIdleJobs(server.database.pool)
    } finally {
      await runner.stop()
    }
    expect(fake.sent.map((m) => m.to).sort()).toEqual(queued.map((r) => r.wa_id).sort())
    const after = await rowsOf(ids)
    expect(after.map((r) => r.status)).toEqual(Array(4).fill('sent'))
    expect(after.find((r) => r.id === failing.id)?.attempts).toBe(2)
    expect(after.find((r) => r.id === limited.id)?.attempts).toBe(2)
    expect(after.filter((r) => r.attempts === 1)).toHaveLength(2)
  })
})

describe('a crash during a batch’s calls to Meta', () => {
  it('leaves each message in doubt, settled as a single one is', async () => {
    const db = server.database.pool
    const queued = await queue(4, 'crash')
    const ids = queued.map((r) => r.id)
    // Meta takes its time: the worker is killed while the four calls are open.
    fake.setLatency(3_000)
    const { child: worker, exited } = spawnProject(
      'apps/server/src/app/worker.ts',
      [],
      crashTestEnv(server.database.url, {
        ...fakeMetaEnv(fake),
        DATA_DIR: dataDir,
        WORKER_STALE_AFTER_SECONDS: '2',
      }),
      children,
    )
    await expect.poll(() => fake.requests, { timeout: 60_000, interval: 10 }).toBe(4)
    worker.kill('SIGKILL')
    await exited

    // Every attempt had started, none was recorded: all four in doubt, and no job waits for them.
    const inDoubt = await rowsOf(ids)
    expect(inDoubt.map((r) => r.status)).toEqual(Array(4).fill('queued'))
    expect(inDoubt.every((r) => r.attempt_started_at !== null && r.attempts === 1)).toBe(true)
    // Meta did accept them (its answers came too late for the dead worker).
    await expect.poll(() => fake.sent.length, { timeout: 10_000 }).toBe(4)
    fake.setLatency(0)

    // Two are reported by Meta's status callbacks; the other two hear nothing for IN_DOUBT_MS.
    const [a, b, c, d] = ids
    const reported = [a, b] as number[]
    const silent = [c, d] as number[]
    for (const id of reported) {
      const sent = fake.sent.find((m) => m.body.biz_opaque_callback_data === `out:${id}`)
      const res = await server.api(
        '/api/webhooks/whatsapp',
        signedDelivery(
          delivery({
            statuses: [
              {
                wamid: sent?.wamid ?? '',
                status: 'sent',
                recipient: sent?.to ?? '',
                callbackData: `out:${id}`,
              },
            ],
          }),
        ),
      )
      expect(res.status).toBe(200)
    }
    await db.query(
      `update whatsapp_outbound set attempt_started_at = attempt_started_at - interval '31 seconds'
        where id = any($1)`,
      [silent],
    )

    // A new runner: its recovery sweep queues the messages without jobs; the silent ones are
    // sent again (once each), the reported ones never.
    const runner = await startJobRunner(db, createLogger('silent'), {
      ...server.deps.env,
      WORKER_STALE_AFTER_SECONDS: 2,
    })
    try {
      await expect.poll(() => fake.sent.length, { timeout: 60_000 }).toBe(6)
      await waitForIdleJobs(db)
    } finally {
      await runner.stop()
    }
    const callbacks = fake.sent.map((m) => m.body.biz_opaque_callback_data)
    for (const id of reported) expect(callbacks.filter((x) => x === `out:${id}`)).toHaveLength(1)
    for (const id of silent) expect(callbacks.filter((x) => x === `out:${id}`)).toHaveLength(2)
    const after = await rowsOf(ids)
    expect(after.map((r) => r.status)).toEqual(Array(4).fill('sent'))
    expect(after.every((r) => r.attempt_started_at === null)).toBe(true)
    for (const id of silent) expect(after.find((r) => r.id === id)?.attempts).toBe(2)
  }, 120_000)
})

describe('the claim (ADR 008, 2026-11-27)', () => {
  it('takes the job’s own message first, then the oldest due, and stops at the limit', async () => {
    const others = await queue(4, 'claim-others')
    const [own] = await queue(1, 'claim-own')
    if (!own) throw new Error('the own message is queued')
    const db = server.database.pool
    const client = await db.connect()
    try {
      // The own message is the latest due: without "own first" it would not be among three.
      const heads = await claimHeads(client, {
        firstIds: [own.id],
        limit: 3,
        pacingMs: PACING_MS,
        inDoubtMs: IN_DOUBT_MS,
        attemptLockPrefix: 'test-claim-attempt:',
        recipientLockPrefix: 'test-claim-send:',
      })
      expect(heads.map((h) => Number(h.id))[0]).toBe(Number(own.id))
      expect(heads).toHaveLength(3)
      const otherIds = others.map((r) => Number(r.id))
      for (const h of heads.slice(1)) expect(otherIds).toContain(Number(h.id))
      expect(heads.every((h) => h.attempt_locked && h.recipient_locked)).toBe(true)
    } finally {
      await client.query('select pg_advisory_unlock_all()')
      client.release()
      // Nothing of this test left for a later one to send.
      await db.query(`update whatsapp_outbound set status = 'failed' where id = any($1)`, [
        [...others, own].map((r) => r.id),
      ])
    }
  })
})
