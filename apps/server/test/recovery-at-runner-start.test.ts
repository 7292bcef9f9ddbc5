import { describe, expect, it } from 'vitest'
import { startJobRunner } from '../src/app/job-runner.ts'
import { conversationLockKey } from '../src/messaging/inbox.queries.ts'
import { receive } from '../src/messaging/inbox.ts'
import { phoneKey } from '../src/messaging/phone.ts'
import { recoverUnfinished } from '../src/messaging/recovery.ts'
import { enqueueOutbound } from '../src/messaging/sender.ts'
import { whatsappInboundJob, whatsappSendJob } from '../src/messaging/whatsapp.jobs.ts'
import { withTransaction } from '../src/platform/db/transaction.ts'
import { createLogger } from '../src/platform/logger.ts'
import { inboxKit } from './inbox-kit.ts'
import { waitForIdleJobs } from './job-queue.ts'
import { testEnv } from './test-server.ts'
import { useTestDatabase } from './use-test-database.ts'

/*
 * ADR 024, 2026-11-26 late: a runner queues its recovery sweep (whatsapp_recover) as it starts,
 * and its first heartbeat comes a quarter of WORKER_STALE_AFTER_SECONDS later. The sweep used to
 * take a job that runner had already taken — locked by a locker nobody had heard from yet — for
 * a dead worker's, and queued the message again: the same message twice in the queue, its
 * failures counted twice as fast. The order is driven, not timed: the person's conversation is
 * held here, so the runner's job for the message takes it and waits for the person until this
 * test lets go, after the runner's startup sweep has run; the window is an hour, so the first
 * heartbeat (15 minutes in) cannot come meanwhile.
 */

const database = useTestDatabase()
const { linkedPeople, text, replyCount } = inboxKit(() => database.pool, {
  numbers: '5531987651',
  ids: 'wamid.start',
})
const log = createLogger('silent')

/** The whatsapp_inbound jobs naming this message: their key, and whether a runner holds them. */
async function jobsFor(id: number) {
  const { rows } = await database.pool.query<{ key: string | null; locked: boolean }>(
    `select j.key, j.locked_at is not null as locked
       from graphile_worker._private_jobs j
       join graphile_worker._private_tasks t on t.id = j.task_id and t.identifier = $1
      where $2::text in (select json_array_elements_text(
                           coalesce(j.payload -> 'ids', json_build_array(j.payload -> 'id'))))
      order by j.id`,
    [whatsappInboundJob.task, id],
  )
  return rows
}

const count = async (sql: string, values: unknown[] = []) =>
  (await database.pool.query<{ n: number }>(sql, values)).rows[0]?.n

describe('the recovery sweep of a runner that has just started', () => {
  it('leaves alone the job that runner took before its first heartbeat', async () => {
    const db = database.pool
    const [person = ''] = await linkedPeople(1)
    const { stored } = await receive(db, [text(person, 'uber 12')])
    const id = stored[0]?.id ?? 0
    const lockKey = conversationLockKey(phoneKey(person))
    const holder = await db.connect()
    await holder.query('select pg_advisory_lock(hashtextextended($1, 0))', [lockKey])
    const runner = await startJobRunner(db, log, testEnv({ WORKER_STALE_AFTER_SECONDS: '3600' }), 2)
    try {
      try {
        // The runner's job holds the message and waits for the person (the single path's lock).
        await expect
          .poll(
            () =>
              count(
                `select count(*)::int as n from pg_locks
                  where locktype = 'advisory' and not granted and database = (
                    select oid from pg_database where datname = current_database())`,
              ),
            { timeout: 30_000, interval: 50 },
          )
          .toBeGreaterThan(0)
        // Its startup sweep has run to the end (a job done is deleted; a failed one would stay).
        await expect
          .poll(
            () =>
              count(
                `select count(*)::int as n from graphile_worker.jobs
                  where key = 'startup:whatsapp_recover'`,
              ),
            { timeout: 30_000, interval: 50 },
          )
          .toBe(0)
        // Nobody has heard from the runner yet: the sweep saw a lock of an unknown locker.
        expect(await count('select count(*)::int as n from worker_heartbeats')).toBe(0)
        expect(await jobsFor(id)).toEqual([{ key: null, locked: true }])
      } finally {
        await holder.query('select pg_advisory_unlock(hashtextextended($1, 0))', [lockKey])
        holder.release()
      }
      await waitForIdleJobs(db, { timeout: 30_000 })
    } finally {
      await runner.stop()
    }
    const { rows } = await db.query<{ attempts: number; processed: boolean }>(
      'select attempts, processed_at is not null as processed from whatsapp_inbound where id = $1',
      [id],
    )
    expect(rows).toEqual([{ attempts: 1, processed: true }])
    expect(await replyCount([person])).toBe(1)
  }, 90_000)

  it('leaves alone a reply whose send job such a runner took, until the lock outlives the window', async () => {
    const db = database.pool
    const [person = ''] = await linkedPeople(1)
    const { id } = await withTransaction(db, (tx) =>
      enqueueOutbound(tx, {
        idempotencyKey: 'wamid.start.outbox:reply',
        channel: 'whatsapp',
        waId: person,
        userId: null,
        message: { kind: 'text', text: 'oi' },
      }),
    )
    // Fetched into the local queue of a runner whose first heartbeat is still to come.
    const lock = (ago: string) =>
      db.query(
        `update graphile_worker._private_jobs
            set locked_at = now() - $2::interval, locked_by = 'pool-recem-iniciado'
          where key = $1`,
        [`${whatsappSendJob.keyPrefix}${id}`, ago],
      )
    await lock('0 seconds')
    const staleAfterMs = 60_000
    expect(await recoverUnfinished(db, { staleAfterMs })).toEqual({ inbound: 0, outbound: 0 })
    // Locked for longer than the window and never heard from: a dead runner's, queued again.
    await lock('2 minutes')
    expect(await recoverUnfinished(db, { staleAfterMs })).toEqual({ inbound: 0, outbound: 1 })
  })
})
