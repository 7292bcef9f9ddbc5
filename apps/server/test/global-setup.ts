import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openEmbeddedPostgres } from '../src/platform/db/embedded-postgres.ts'
import { createLogger } from '../src/platform/logger.ts'
import './provided-context.ts'

/**
 * One real PostgreSQL per test run, in its own directory and on a free port; each test file
 * then makes a fresh database on it (test/test-server.ts). A run killed with SIGKILL leaves
 * its directory behind: the next run stops that orphan and removes it.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../.test-data')

export default async function setup(project: TestProject) {
  mkdirSync(ROOT, { recursive: true })
  const log = createLogger('warn')
  await removeStaleRuns(log)
  const dir = path.join(ROOT, `run-${process.pid}-${Date.now()}`)
  const pg = await openEmbeddedPostgres(dir, 'test', log)
  project.provide('pgAdminUrl', pg.urlFor('postgres'))
  project.provide('pgDataDir', dir)
  return async () => {
    await pg.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function removeStaleRuns(log: ReturnType<typeof createLogger>) {
  for (const name of readdirSync(ROOT)) {
    const pid = Number(/^run-(\d+)-/.exec(name)?.[1])
    if (!pid || isRunning(pid)) continue
    const dir = path.join(ROOT, name)
    if (existsSync(path.join(dir, 'postgres'))) {
      // Claiming it stops the orphaned postgres (the owner is gone); then drop the directory.
      const orphan = await openEmbeddedPostgres(dir, 'test', log).catch(() => null)
      await orphan?.stop()
    }
    rmSync(dir, { recursive: true, force: true })
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
