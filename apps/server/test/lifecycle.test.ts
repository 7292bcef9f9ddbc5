import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../src/platform/net.ts'
import { spawnProject, startProjectServerOnFreePort } from './spawn-project.ts'

/**
 * The embedded database as users treat it: `npm start`, a second `npm start`, the CLI while the
 * server runs, kill -9, and a start after the crash. Real processes, real postgres.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'equilibrai-life-'))
const children: ChildProcess[] = []

function run(script: string, args: string[], env: Record<string, string>) {
  return spawnProject(
    path.join('apps/server/src', script),
    args,
    { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    children,
  )
}

function startServer() {
  return startProjectServerOnFreePort({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, children, {
    timeoutMs: 120_000,
  })
}

async function priceOf(port: number, planType: string) {
  const plans = (await (await fetch(`http://127.0.0.1:${port}/api/plans`)).json()) as Array<{
    plan_type: string
    price_monthly: number
  }>
  return plans.find((p) => p.plan_type === planType)?.price_monthly
}

function postmasterPid(): number {
  return Number(
    readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
  )
}

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM')
  await new Promise((r) => setTimeout(r, 1500))
  rmSync(dataDir, { recursive: true, force: true })
})

describe('embedded database lifecycle', () => {
  it('refuses a second server, lets the CLI attach, keeps data, and recovers from kill -9', async () => {
    const first = await startServer()
    const port = first.port

    // A second server on the same DATA_DIR is refused with a clear message.
    const second = run('app/main.ts', [], { PORT: String(await freePort()) })
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain('já está usando o banco de dados')

    // The CLI talks to the running server's database (no second postgres).
    const pgPid = postmasterPid()
    const cli = run('app/cli/main.ts', ['set-price', 'pf_simples', '27,90'], {})
    expect(await cli.exited).toBe(0)
    expect(cli.output()).toContain('R$ 27,90')
    expect(postmasterPid()).toBe(pgPid)
    await expect.poll(() => priceOf(port, 'pf_simples')).toBe(27.9)

    // kill -9 leaves postgres orphaned; the next start stops it and recovers.
    first.child.kill('SIGKILL')
    await first.exited
    expect(alive(pgPid)).toBe(true)
    const third = await startServer()
    expect(alive(pgPid)).toBe(false)
    expect(await priceOf(third.port, 'pf_simples')).toBe(27.9)

    // A graceful stop takes postgres down with it.
    const newPgPid = postmasterPid()
    third.child.kill('SIGTERM')
    expect(await third.exited).toBe(0)
    expect(alive(newPgPid)).toBe(false)

    // The CLI alone starts the database for its command and stops it again.
    const alone = run('app/cli/main.ts', ['set-price', 'pf_simples', '19,90'], {})
    expect(await alone.exited).toBe(0)
    const help = run('app/cli/main.ts', ['help'], {})
    expect(await help.exited).toBe(0)
    expect(help.output()).toContain('set-price <plan_type> <price_monthly> [stripe_price_id]')
  }, 420_000)
})
