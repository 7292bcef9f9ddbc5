import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../src/platform/net.ts'
import { clientTransports } from './embedded-connections.ts'

/*
 * WORKER=process (the default in production, ADR 024; app/worker-process.ts): `npm start`
 * forks the job runner as a child. Killed, the child is started again after a growing pause
 * (1 s, then 2 s…) and attaches again to the server's embedded database; a SIGTERM to the
 * server stops the child first (it finishes its jobs while the database is still up), then the
 * server. Real processes, the real embedded PostgreSQL, production mode; the only waits are for
 * events (log lines, exits), with generous limits.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..')
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'equilibrai-worker-process-'))
const servers: ChildProcess[] = []

type Line = {
  msg?: string
  level?: number
  pid?: number
  code?: number | null
  signal?: string | null
  restartInMs?: number
}

afterAll(async () => {
  for (const server of servers) {
    if (server.exitCode !== null || server.signalCode !== null) continue
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
  }
  rmSync(dataDir, { recursive: true, force: true })
})

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * `npm run serve` in production, its worker child writing to the same stdout (pino's JSON
 * lines, parsed in order). `group`: the server leads a process group of its own, as in a
 * terminal, so a signal can reach the server and its child together (Ctrl+C).
 */
async function startServer({ group = false } = {}) {
  const port = await freePort()
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'apps/server/src/app/main.ts')],
    {
      cwd: ROOT,
      env: {
        // No WORKER: production's default (process) is what is under test.
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'WORKER')),
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        AUTH_SECRET: 'worker-process-secret-worker-process-0123456789',
        SMTP_URL: 'smtp://127.0.0.1:1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: group,
    },
  )
  servers.push(proc)
  const lines: Line[] = []
  let raw = ''
  let rest = ''
  proc.stdout?.on('data', (d: Buffer) => {
    raw += d
    const parts = (rest + d).split('\n')
    rest = parts.pop() ?? ''
    for (const part of parts) {
      if (!part.startsWith('{')) continue
      try {
        lines.push(JSON.parse(part) as Line)
      } catch {}
    }
  })
  proc.stderr?.on('data', (d: Buffer) => (raw += d))
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)))
  const health = () =>
    proc.exitCode !== null
      ? Promise.resolve(-1)
      : fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.status,
          () => 0,
        )
  /** The n-th (0-based) line with message `msg`, once it has been logged. */
  const nth = async (msg: string, n: number) => {
    await expect
      .poll(() => lines.filter((l) => l.msg === msg).length, { timeout: 120_000, interval: 100 })
      .toBeGreaterThan(n)
      .catch((error: Error) => {
        throw new Error(`${error.message} (${msg})\n${raw}`)
      })
    return lines.filter((l) => l.msg === msg)[n] as Line
  }
  const index = (msg: string, from = 0) => lines.findIndex((l, i) => i >= from && l.msg === msg)
  await expect
    .poll(health, { timeout: 120_000, interval: 200 })
    .toBe(200)
    .catch((error: Error) => {
      throw new Error(`${error.message}\n${raw}`)
    })
  return { proc, lines, exited, health, nth, index, output: () => raw }
}

type Server = Awaited<ReturnType<typeof startServer>>

/** After the server exited: its child stopped first, on its own (code 0), then the server. */
function expectStoppedInOrder(server: Server, child: Line) {
  const { lines, index } = server
  const shutdown = index('shutting down')
  const childStopped = index('worker process stopped', shutdown)
  const stopped = index('stopped', shutdown)
  expect(shutdown).toBeGreaterThan(-1)
  expect(childStopped).toBeGreaterThan(shutdown)
  expect(stopped).toBeGreaterThan(childStopped)
  // code 0: its SIGTERM handler finished its jobs and closed its pool, nobody killed it.
  expect(lines[childStopped]).toMatchObject({ pid: child.pid, code: 0, signal: null })
  expect(alive(child.pid as number)).toBe(false)
  // Nothing went wrong on the way down (an error is level 50).
  expect(lines.slice(shutdown).filter((l) => (l.level ?? 0) >= 50)).toEqual([])
}

describe('the worker process of `npm start` in production', () => {
  it('is started again with a growing pause when killed, and stopped before the server', async () => {
    const server = await startServer()
    const { nth, health } = server

    // Up: a child runs the job runner on the server's database.
    const first = await nth('worker process started', 0)
    await nth('worker running', 0)
    expect(first.pid).toBeGreaterThan(0)
    expect(first.pid).not.toBe(server.proc.pid)

    // kill -9 of the child: started again after 1 s, and it attaches again.
    process.kill(first.pid as number, 'SIGKILL')
    const firstExit = await nth('worker process exited; starting it again', 0)
    expect(firstExit).toMatchObject({ signal: 'SIGKILL', restartInMs: 1000 })
    const second = await nth('worker process started', 1)
    await nth('worker running', 1)
    expect(second.pid).not.toBe(first.pid)
    expect(alive(first.pid as number)).toBe(false)
    expect(await health()).toBe(200)

    // Killed again soon after starting: the pause grows (2 s).
    process.kill(second.pid as number, 'SIGKILL')
    const secondExit = await nth('worker process exited; starting it again', 1)
    expect(secondExit).toMatchObject({ signal: 'SIGKILL', restartInMs: 2000 })
    const third = await nth('worker process started', 2)
    await nth('worker running', 2)
    expect(third.pid).not.toBe(second.pid)
    expect(await health()).toBe(200)

    // Every connection — the server's pool, the child's pool and its job runner's LISTEN — goes
    // through the embedded database's Unix socket, none over TCP (ADR 036).
    const transports = await clientTransports(dataDir)
    expect(transports.tcp).toBe(0)
    expect(transports.unix).toBeGreaterThan(1)

    // SIGTERM to the server (a deploy, systemd): the child first, then the server.
    server.proc.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    expectStoppedInOrder(server, third)
    // No restart after the stop.
    expect(server.lines.filter((l) => l.msg === 'worker process started')).toHaveLength(3)
  }, 300_000)

  it('stops cleanly on Ctrl+C, which signals the server and its child together', async () => {
    const server = await startServer({ group: true })
    const child = await server.nth('worker process started', 0)
    await server.nth('worker running', 0)
    // A terminal's Ctrl+C: SIGINT to the whole foreground process group. The child then gets
    // the signal twice (the terminal's, and the server's SIGTERM as it stops it).
    process.kill(-(server.proc.pid as number), 'SIGINT')
    expect(await server.exited).toBe(0)
    expectStoppedInOrder(server, child)
    expect(server.output()).not.toContain('Runner is already stopped')
  }, 300_000)
})
