import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { freePort } from '../src/platform/net.ts'

/*
 * A project script (the worker, the CLI, the server) run as its own process the way `npm run`
 * runs it, for the tests that kill, renice or time a real process: its output collected, its
 * exit awaited, and the child recorded in `children` so the file's afterAll can SIGKILL what is
 * still alive.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..')

export type ProjectProcess = ReturnType<typeof spawnProject>

/** The environment of a project process that a crash test starts on its test database. */
export function crashTestEnv(databaseUrl: string, more: Record<string, string> = {}) {
  return {
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    AUTH_SECRET: 'crash-test-secret-crash-test-secret-0123456789',
    ...more,
  }
}

export function spawnProject(
  script: string,
  args: string[],
  env: Record<string, string>,
  children: ChildProcess[],
) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout?.on('data', (d) => (output += d))
  child.stderr?.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

/**
 * The server as `npm start` runs it (one node process, so kill -9 hits the server itself) on
 * `port`, returned once /api/health answers 200; throws with its output if it exits first
 * or is not up within `timeoutMs`.
 */
export async function startProjectServer(
  port: number,
  env: Record<string, string>,
  children: ChildProcess[],
  { timeoutMs = 60_000 }: { timeoutMs?: number } = {},
): Promise<ProjectProcess> {
  const server = spawnProject(
    'apps/server/src/app/main.ts',
    [],
    { ...env, PORT: String(port) },
    children,
  )
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return server
    if (server.child.exitCode !== null) throw new Error(server.output())
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`server did not start: ${server.output()}`)
}

/**
 * startProjectServer on a port free when it is picked, and on another one if someone else took
 * it before the server listened (the server binds seconds later, after tsx and the embedded
 * PostgreSQL have started, while other test files pick ports too: CI saw EADDRINUSE once,
 * 2026-11-27). For tests to which the port itself does not matter.
 */
export async function startProjectServerOnFreePort(
  env: Record<string, string>,
  children: ChildProcess[],
  options: { timeoutMs?: number } = {},
): Promise<ProjectProcess & { port: number }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    try {
      return { ...(await startProjectServer(port, env, children, options)), port }
    } catch (error) {
      if (attempt >= 5 || !String((error as Error).message).includes('EADDRINUSE')) throw error
    }
  }
}
