import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertPeople } from '../../../test/bulk-people.ts'
import { createTestDatabase, testEnv } from '../../../test/test-server.ts'
import type { Database } from '../../platform/db/database.ts'
import { aggregatorFor, demoAggregatorEnv, stopDemoAggregator } from './aggregator-registry.ts'
import { queueSync } from './open-finance.run.ts'

/*
 * Demo mode (no Pluggy credentials) with the worker in a process of its own, as `npm start`
 * runs it by default in production (WORKER=process): the server's fake of Pluggy is the one
 * the worker reads, through the PLUGGY_BASE_URL the server hands it (demoAggregatorEnv). The
 * item is made through this process's demo client, as POST /connections does; a real worker
 * process (worker.ts) syncs it.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../../..')

let database: Database
let dataDir: string
let child: ChildProcess | null = null

beforeAll(async () => {
  database = await createTestDatabase()
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'equilibrai-of-demo-'))
})
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  await stopDemoAggregator()
  await database?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('demo mode with a worker process', () => {
  it("the worker syncs an item of the server's demo fake", async () => {
    const env = testEnv({ DATA_DIR: dataDir })
    const handed = await demoAggregatorEnv(env)
    expect(handed.PLUGGY_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    // With that URL set, the demo starts nothing more: nothing further to hand on.
    expect(await demoAggregatorEnv(testEnv({ ...handed }))).toEqual({})

    const demo = await aggregatorFor(env)
    const item = await demo.createItem({
      connectorId: 2,
      credentials: { user: 'user-ok', password: 'password-ok' },
      webhookUrl: 'http://127.0.0.1:9/api/webhooks/pluggy',
      clientUserId: 'demo-test',
    })
    const db = database.pool
    const [ledgerId] = await insertPeople(db, { count: 1, prefix: 'ofd_' })
    const { rows } = await db.query<{ id: string }>(
      `insert into bank_connections (ledger_id, created_by, item_id, connector_id, institution)
       select $1, owner_user_id, $2, 2, $3 from ledgers where id = $1 returning id`,
      [ledgerId, item.id, item.institution],
    )
    const connectionId = Number(rows[0]?.id)
    await queueSync(db, connectionId)

    const { PLUGGY_CLIENT_ID: _id, PLUGGY_CLIENT_SECRET: _secret, ...inherited } = process.env
    child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'apps/server/src/app/worker.ts')],
      {
        cwd: ROOT,
        env: {
          ...inherited,
          ...handed,
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          AUTH_SECRET: 'demo-test-secret-demo-test-secret-0123456789',
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    )
    await expect
      .poll(
        async () =>
          (
            await db.query<{ status: string }>(
              'select status from bank_connections where id = $1',
              [connectionId],
            )
          ).rows[0]?.status,
        { timeout: 90_000, interval: 100 },
      )
      .toBe('ok')
    // The sandbox's 13 entries and its card payment (open-finance-crash.test.ts counts the same).
    const { rows: counted } = await db.query<{ n: number }>(
      'select count(*)::int as n from transactions where ledger_id = $1',
      [ledgerId],
    )
    expect(counted[0]?.n).toBe(13)
  }, 120_000)
})
