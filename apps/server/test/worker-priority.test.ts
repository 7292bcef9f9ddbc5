import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../src/platform/db/database.ts'
import { EnvError } from '../src/platform/index.ts'
import { spawnProject } from './spawn-project.ts'
import { createTestDatabase, testEnv } from './test-server.ts'

/*
 * ADR 038: the job runner yields the CPU to the server. A real `npm run worker` process
 * (worker.ts) on a real PostgreSQL, with WORKER_NICE and WORKER_DB_NICE set: every thread of
 * the worker and every backend it opened are read back with os.getPriority. An invalid value is
 * refused at startup with the variable's name, before anything starts.
 */
/** The test's own niceness (0 unless the whole run was started under `nice`): the baseline. */
const base = os.getPriority()

let database: Database
let dataDir: string
let watcher: pg.Client
const children: ChildProcess[] = []
beforeAll(async () => {
  database = await createTestDatabase()
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'equilibrai-worker-priority-'))
  watcher = new pg.Client({ connectionString: database.url })
  await watcher.connect()
})
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  await watcher?.end()
  await database?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

function startWorker(env: Record<string, string>) {
  return spawnProject(
    'apps/server/src/app/worker.ts',
    [],
    {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      AUTH_SECRET: 'priority-test-secret-priority-test-secret-0123',
      ...env,
    },
    children,
  )
}

/** Client backends on the test's database, other than the watcher's own. */
async function backends(): Promise<number[]> {
  const { rows } = await watcher.query<{ pid: number }>(
    `select pid from pg_stat_activity
      where datname = current_database() and backend_type = 'client backend'
        and pid <> pg_backend_pid()`,
  )
  return rows.map((r) => r.pid)
}

describe('the worker’s CPU priority', () => {
  it('lowers every thread of the worker and each of its database backends', async () => {
    const before = new Set(await backends())
    const worker = startWorker({ WORKER_NICE: '7', WORKER_DB_NICE: '5' })
    await expect
      .poll(worker.output, { timeout: 120_000, interval: 100 })
      .toContain('"msg":"worker running"')
    const pid = worker.child.pid as number
    const threads = readdirSync(`/proc/${pid}/task`).map(Number)
    expect(threads.length).toBeGreaterThan(1)
    expect(threads.map((tid) => os.getPriority(tid))).toEqual(
      threads.map(() => Math.min(19, base + 7)),
    )

    const opened = (await backends()).filter((p) => !before.has(p))
    expect(opened.length).toBeGreaterThan(0)
    expect(opened.map((p) => os.getPriority(p))).toEqual(opened.map(() => Math.min(19, base + 5)))
    // This process and the watcher's backend keep theirs.
    expect(os.getPriority(process.pid)).toBe(base)
    const own = await watcher.query<{ pid: number }>('select pg_backend_pid() as pid')
    expect(os.getPriority(own.rows[0]?.pid)).toBe(base)
    // The renice ran before each connection was handed out, not beside the caller's query.
    expect(worker.output()).not.toContain('already executing a query')

    worker.child.kill('SIGTERM')
    expect(await worker.exited).toBe(0)
  })

  it('leaves both at the server’s priority with 0', async () => {
    const before = new Set(await backends())
    const worker = startWorker({ WORKER_NICE: '0', WORKER_DB_NICE: '0' })
    await expect
      .poll(worker.output, { timeout: 120_000, interval: 100 })
      .toContain('"msg":"worker running"')
    expect(os.getPriority(worker.child.pid)).toBe(base)
    const opened = (await backends()).filter((p) => !before.has(p))
    expect(opened.length).toBeGreaterThan(0)
    expect(opened.map((p) => os.getPriority(p))).toEqual(opened.map(() => base))
    worker.child.kill('SIGTERM')
    expect(await worker.exited).toBe(0)
  })

  it('refuses an invalid WORKER_NICE at startup, naming it', async () => {
    for (const bad of ['abc', '20', '-5', '2.5']) {
      expect(() => testEnv({ WORKER_NICE: bad })).toThrow(EnvError)
      expect(() => testEnv({ WORKER_DB_NICE: bad })).toThrow(/WORKER_DB_NICE/)
    }
    const worker = startWorker({ WORKER_NICE: 'muito' })
    expect(await worker.exited).toBe(1)
    expect(worker.output()).toContain('Configuração inválida')
    expect(worker.output()).toContain('WORKER_NICE')
  })
})
