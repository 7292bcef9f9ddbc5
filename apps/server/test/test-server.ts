import { ensureJobSchema } from '../src/platform/jobs/add-job.ts'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import './provided-context.ts'
import { createPool, type Database } from '../src/platform/db/database.ts'
import { migrate } from '../src/platform/db/migrate.ts'
import { type Env, parseEnv } from '../src/platform/env.ts'
import { createLogger } from '../src/platform/logger.ts'
import { freePort } from '../src/platform/net.ts'
import { stripePricesFromEnv } from '../src/tenancy/plan-catalog.ts'
import { seedPlans } from '../src/tenancy/plans.queries.ts'
import { type RunningServer, type StartOptions, startServer } from '../src/app/server.ts'

/** A fresh, migrated and seeded database on the run's PostgreSQL. */
export async function createTestDatabase(
  envOverrides: Record<string, string> = {},
): Promise<Database> {
  const adminUrl = inject('pgAdminUrl')
  const name = `t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = adminUrl.replace(/\/postgres$/, `/${name}`)
  const pool = createPool(url)
  await migrate(pool)
  await seedPlans(pool, stripePricesFromEnv(testEnv(envOverrides)))
  await ensureJobSchema(pool)
  return {
    pool,
    url,
    close: async () => {
      await pool.end()
      const drop = new pg.Client({ connectionString: adminUrl })
      await drop.connect()
      await drop.query(`drop database if exists ${name} with (force)`)
      await drop.end()
    },
  }
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WORKER: 'off',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ...overrides,
  })
}

export type TestServer = RunningServer & {
  /** fetch against the server with a path: `api('/api/plans')`. */
  api(path: string, init?: RequestInit): Promise<Response>
  dataDir: string
  stop(): Promise<void>
}

/** The real server (HTTP, routes, optional jobs) on a fresh database and a free port. */
export async function startTestServer(
  overrides: Record<string, string> = {},
  webDist?: string,
  options: Pick<StartOptions, 'authRateLimits'> = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'equilibrai-test-'))
  const database = await createTestDatabase(overrides)
  const port = await freePort()
  const env = testEnv({ DATA_DIR: dataDir, PORT: String(port), ...overrides })
  const log = createLogger(env.LOG_LEVEL)
  const server = await startServer({
    env,
    log,
    database,
    webDist: webDist ?? path.join(dataDir, 'no-web'),
    ...options,
  })
  return {
    ...server,
    dataDir,
    api: (p, init) => fetch(`${server.url}${p}`, init),
    stop: async () => {
      await server.close()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
