import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { saoPauloDate } from '@equilibrai/shared'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nextDay } from '../src/bills/bill-reminders.ts'
import type { Database } from '../src/platform/db/database.ts'
import { insertBillsFor, insertPeople } from './bulk-people.ts'
import { crashTestEnv, spawnProject } from './spawn-project.ts'
import { createTestDatabase } from './test-server.ts'

/*
 * kill -9 of a `npm run worker` process while it holds a job: graphile-worker 0.17 would leave
 * the job locked for four hours. With heartbeats and the lock sweep (platform/jobs/
 * lock-recovery.ts) another worker takes it again once the dead one is WORKER_STALE_AFTER_SECONDS
 * silent (2 s here; 60 s by default), and the job's own idempotency keeps the work single.
 *
 * The job is made slow without touching its code: the test holds an exclusive lock on the table
 * it reads first, so the worker that takes it waits on the database, holding the job.
 */

let database: Database
let dataDir: string
const children: ChildProcess[] = []
beforeAll(async () => {
  database = await createTestDatabase()
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'equilibrai-worker-crash-'))
})
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  await database?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

function startWorker() {
  return spawnProject(
    'apps/server/src/app/worker.ts',
    [],
    crashTestEnv(database.url, { DATA_DIR: dataDir, WORKER_STALE_AFTER_SECONDS: '2' }),
    children,
  )
}

const jobState = async (id: string) =>
  (
    await database.pool.query<{ locked_by: string | null; attempts: number }>(
      'select locked_by, attempts from graphile_worker.jobs where id = $1',
      [id],
    )
  ).rows[0] ?? null

describe('a worker killed while it holds a job', () => {
  it('has its job taken again by another worker, and the work is done once', async () => {
    const db = database.pool
    const tomorrow = nextDay(saoPauloDate(new Date()))
    const ledgerIds = await insertPeople(db, { count: 3, prefix: 'wc_' })
    await insertBillsFor(db, { ledgerIds, perLedger: 2, dueOn: tomorrow })

    // The test's lock: whoever runs bill_reminders waits on its first query.
    const holder = new pg.Client({ connectionString: database.url })
    await holder.connect()
    await holder.query('begin')
    await holder.query('lock table bills in access exclusive mode')
    const { rows } = await db.query<{ id: string }>(
      `select id from graphile_worker.add_job('bill_reminders', '{}'::json, max_attempts => 10)`,
    )
    const jobId = rows[0]?.id as string

    const first = startWorker()
    await expect
      .poll(async () => (await jobState(jobId))?.locked_by ?? null, {
        timeout: 60_000,
        interval: 100,
      })
      .not.toBeNull()
    const lockedBy = (await jobState(jobId))?.locked_by
    // It says it is alive under the id it locked the job with.
    await expect
      .poll(
        async () =>
          (await db.query('select 1 from worker_heartbeats where locker_id = $1', [lockedBy]))
            .rowCount,
        { timeout: 30_000, interval: 100 },
      )
      .toBe(1)
    first.child.kill('SIGKILL')
    await first.exited
    await holder.query('rollback')
    await holder.end()

    const second = startWorker()
    // Done (a finished job leaves the table) by the second worker, well before four hours.
    await expect.poll(() => jobState(jobId), { timeout: 30_000, interval: 200 }).toBeNull()
    second.child.kill('SIGTERM')
    await second.exited

    const alerts = await db.query<{ dedupe_key: string }>(
      `select dedupe_key from alerts where kind = 'bill_due' order by dedupe_key`,
    )
    expect(alerts.rows).toHaveLength(6)
    expect(new Set(alerts.rows.map((a) => a.dedupe_key)).size).toBe(6)
    console.info(
      `worker crash: job ${jobId} held by ${lockedBy} (killed), finished by another worker`,
    )
  }, 150_000)
})
