import { DataDirBusyError, EnvError, loadEnv, createLogger } from '../platform/index.ts'
import { demoAggregatorEnv } from '../integrations/index.ts'
import { startServer } from './server.ts'
import { startWorkerProcess } from './worker-process.ts'

/**
 * `npm start`: one instance of the server (HTTP + jobs) with its database. The jobs run in a
 * worker process of its own with WORKER=process (the default in production), in this process
 * with WORKER=on (the default elsewhere), or elsewhere with WORKER=off.
 */
async function main() {
  const env = loadEnv()
  const log = createLogger(env.LOG_LEVEL)
  const server = await startServer({ env, log })
  // Demo Open Finance: a worker in another process reaches this process's fake of Pluggy.
  const demoEnv = env.WORKER === 'on' ? {} : await demoAggregatorEnv(env)
  if (demoEnv.PLUGGY_BASE_URL && env.WORKER === 'off') {
    log.info(
      { url: demoEnv.PLUGGY_BASE_URL },
      'Open Finance demo: run `npm run worker` with PLUGGY_BASE_URL set to this url',
    )
  }
  const worker = env.WORKER === 'process' ? startWorkerProcess(log, demoEnv) : null
  log.info({ url: env.PUBLIC_URL, port: server.port }, 'Equilibraí no ar')
  process.stdout.write(`\n  Equilibraí está no ar: ${env.PUBLIC_URL}\n\n`)

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.info({ signal }, 'shutting down')
    // The worker first: it finishes its jobs while the database (maybe this process's) is up.
    await worker?.stop()
    await server.close()
    log.info('stopped')
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirBusyError) {
    process.stderr.write(`\n${error.message}\n\n`)
  } else {
    process.stderr.write(
      `\nFalha ao iniciar o Equilibraí: ${(error as Error).stack ?? String(error)}\n`,
    )
  }
  process.exit(1)
})
