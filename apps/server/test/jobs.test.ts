import { JOBS } from '../src/app/jobs.ts'
import { describe, expect, it } from 'vitest'
import { addJob } from '../src/platform/jobs/add-job.ts'
import { useTestServer } from './use-test-database.ts'

const server = useTestServer({ WORKER: 'on' })

describe('job runner inside the server', () => {
  it('registers the hourly counter reset and runs queued jobs', async () => {
    const db = server.database.pool
    await expect
      .poll(
        async () =>
          (await db.query(`select identifier from graphile_worker._private_known_crontabs`)).rows,
      )
      .toContainEqual({ identifier: JOBS.resetMonthlyCounters.task })

    // A profile belongs to an auth user (migration 003).
    await db.query(
      `insert into "user" (id, name, email, "emailVerified") values ('u1', 'Ana', 'ana@x.com', true)`,
    )
    await db.query(`insert into profiles (id, name, email) values ('u1', 'Ana', 'ana@x.com')`)
    await db.query(
      `insert into subscribers (user_id, monthly_transactions, counter_month) values ('u1', 4, '2020-01')`,
    )
    await addJob(db, JOBS.resetMonthlyCounters, {})
    await expect
      .poll(
        async () =>
          (await db.query(`select monthly_transactions from subscribers where user_id = 'u1'`))
            .rows[0],
        {
          timeout: 15_000,
        },
      )
      .toEqual({ monthly_transactions: 0 })
  })
})
