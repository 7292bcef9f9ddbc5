import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openReadyDatabase } from '../apps/server/src/app/bootstrap.ts'
import { parseEnv } from '../apps/server/src/platform/env.ts'
import { createLogger } from '../apps/server/src/platform/logger.ts'
import { freePort } from '../apps/server/src/platform/net.ts'
import {
  type RunningServer,
  type StartOptions,
  startServer,
} from '../apps/server/src/app/server.ts'

/**
 * A real server on a throwaway embedded PostgreSQL (or BENCH_DATABASE_URL), for benchmarks.
 * Logs at warn so that logging does not dominate the figures.
 */
export async function startBenchServer(
  extraEnv: Record<string, string> = {},
  options: Pick<StartOptions, 'authRateLimits'> = {},
): Promise<RunningServer & { cleanup(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'equilibrai-bench-'))
  const env = parseEnv({
    NODE_ENV: 'test',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WORKER: 'off',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    ...extraEnv,
  })
  const log = createLogger(env.LOG_LEVEL)
  const database = await openReadyDatabase(env, 'server', log)
  const server = await startServer({ env, log, database, ...options })
  return {
    ...server,
    async cleanup() {
      await server.close()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
}
