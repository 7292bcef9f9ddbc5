import { openReadyDatabase } from './bootstrap.ts'
import { EnvError, loadEnv, createLogger, lowerPriority } from '../platform/index.ts'
import { startJobRunner } from './job-runner.ts'

/**
 * `npm run worker`: the job runner alone, for deployments that scale jobs apart from HTTP
 * (run the servers with WORKER=off). With the embedded database it attaches to the one a
 * running server started, or starts its own.
 */
async function main() {
  const env = loadEnv()
  const log = createLogger(env.LOG_LEVEL)
  // Background work: every thread of this process yields the CPU to the server (ADR 038).
  if (!lowerPriority(process.pid, env.WORKER_NICE)) {
    log.info({ nice: env.WORKER_NICE }, 'the worker keeps its priority: renicing not permitted')
  }
  const database = await openReadyDatabase(env, 'worker', log)
  const runner = await startJobRunner(database.pool, log, env)
  log.info('worker running')
  // Once, however many signals come: a Ctrl+C reaches the whole process group, so a worker
  // forked by `npm start` (WORKER=process) gets the terminal's SIGINT and its parent's SIGTERM.
  let stopping: Promise<void> | null = null
  const stop = () => {
    stopping ??= (async () => {
      await runner.stop()
      await database.close()
      process.exit(0)
    })()
    return stopping
  }
  process.on('SIGTERM', () => void stop())
  process.on('SIGINT', () => void stop())
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof EnvError ? error.message : (error as Error).stack}\n`)
  process.exit(1)
})
