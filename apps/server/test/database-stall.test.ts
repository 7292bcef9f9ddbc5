import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../src/app/server.ts'
import { openEmbeddedPostgres } from '../src/platform/db/embedded-postgres.ts'
import { isAlive } from '../src/platform/db/process-utils.ts'
import { createLogger } from '../src/platform/logger.ts'
import { freePort } from '../src/platform/net.ts'
import { ownerInAnotherProcess } from './embedded-connections.ts'
import { testEnv } from './test-server.ts'

/*
 * ARCHITECTURE §12: a stalled database ends requests with 503 UNAVAILABLE + Retry-After (never a
 * hang or a 500), /api/health says 503, and the server recovers by itself: when the database
 * wakes up, and when the embedded PostgreSQL dies (it is started again). The database here is
 * the server's own embedded one (not the run's shared PostgreSQL, which other files use): the
 * test stops it with SIGSTOP, as a stalled disk or a frozen VM would.
 */

let dataDir: string
let server: RunningServer
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'equilibrai-stall-'))
  const port = await freePort()
  const env = testEnv({
    DATA_DIR: dataDir,
    PORT: String(port),
    DATABASE_STATEMENT_TIMEOUT_MS: '1000',
  })
  server = await startServer({
    env,
    log: createLogger(env.LOG_LEVEL),
    webDist: path.join(dataDir, 'no-web'),
  })
}, 180_000)
afterAll(async () => {
  const pid = postmasterPid()
  if (pid && isAlive(pid)) signalCluster(pid, 'SIGCONT')
  await server?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

function postmasterPid(cluster = path.join(dataDir, 'postgres')): number | null {
  try {
    return Number(readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0])
  } catch {
    return null
  }
}

/** The postmaster and every backend it forked (each in a session of its own, so no group). */
function signalCluster(postmaster: number, signal: NodeJS.Signals) {
  const children = readdirSync('/proc').filter((entry) => {
    if (!/^\d+$/.test(entry)) return false
    try {
      // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster
    } catch {
      return false
    }
  })
  for (const pid of [postmaster, ...children.map(Number)]) {
    try {
      process.kill(pid, signal)
    } catch {
      // gone meanwhile
    }
  }
}

// Generous: the server's own deadlines are what end these; this only keeps a hang from
// hanging the test run.
const call = (p: string, init?: RequestInit) =>
  fetch(`${server.url}${p}`, { ...init, signal: AbortSignal.timeout(25_000) })
const joinWaitlist = (email: string) =>
  call('/api/waitlist', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nome: 'Pessoa Teste', whatssapp: '11987654321', email }),
  })

describe('a stalled database', () => {
  it('answers 503 UNAVAILABLE with Retry-After, then recovers when it wakes up', async () => {
    expect((await joinWaitlist('antes@exemplo.com.br')).status).toBe(201)
    const pid = postmasterPid() as number
    signalCluster(pid, 'SIGSTOP')
    try {
      const health = await call('/api/health')
      expect(health.status).toBe(503)
      expect(Number(health.headers.get('retry-after'))).toBeGreaterThan(0)

      const write = await joinWaitlist('durante@exemplo.com.br')
      expect(write.status).toBe(503)
      expect(Number(write.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(((await write.json()) as { error: { code: string } }).error.code).toBe('UNAVAILABLE')
    } finally {
      signalCluster(pid, 'SIGCONT')
    }
    await expect
      .poll(async () => (await call('/api/health')).status, { timeout: 30_000, interval: 200 })
      .toBe(200)
    expect((await joinWaitlist('depois@exemplo.com.br')).status).toBe(201)
  }, 120_000)

  it('is started again when the embedded PostgreSQL dies', async () => {
    const pid = postmasterPid() as number
    process.kill(pid, 'SIGKILL')
    await expect
      .poll(
        async () => {
          const now = postmasterPid()
          return now !== null && now !== pid && isAlive(now)
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe(true)
    await expect
      .poll(async () => (await call('/api/health')).status, { timeout: 60_000, interval: 200 })
      .toBe(200)
    expect((await joinWaitlist('recomecou@exemplo.com.br')).status).toBe(201)
  }, 120_000)
})

describe('an orphaned embedded PostgreSQL without its pid file', () => {
  it('is stopped by the next start, which then succeeds', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'equilibrai-orphan-'))
    try {
      // A process of ours starts the database, then dies by kill -9, leaving postgres running.
      const owner = await ownerInAnotherProcess(dir)
      const orphan = postmasterPid(path.join(dir, 'postgres')) as number
      owner.kill('SIGKILL')
      await new Promise((resolve) => owner.once('exit', resolve))
      // …and its pid file is gone too.
      unlinkSync(path.join(dir, 'postgres', 'postmaster.pid'))
      expect(isAlive(orphan)).toBe(true)

      const next = await openEmbeddedPostgres(dir, 'test', createLogger('silent'))
      expect(isAlive(orphan)).toBe(false)
      await next.stop()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 180_000)
})
