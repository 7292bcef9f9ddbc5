import { registerHooks } from './hooks.ts'
import { Logger as WorkerLogger, type Runner, run, type TaskList } from 'graphile-worker'
import {
  type Db,
  type Env,
  type Logger,
  createMailer,
  startLockRecovery,
} from '../platform/index.ts'
import { crontab, startupJobs, taskList } from './task-registry.ts'

/**
 * graphile-worker on our database, logging through pino; signals are ours to handle. The
 * process's one mailer is made here, for the outbox's mail_send job, and closed when the runner
 * stops: nothing else in a server or worker process sends e-mail (ADR 020).
 *
 * Every runner heartbeats and sweeps the locks of dead ones (platform/jobs/lock-recovery.ts).
 *
 * `only` runs just those tasks, with no schedule and no startup jobs (the CLI chat's runner for
 * the channel's message jobs).
 */
export async function startJobRunner(
  db: Db,
  log: Logger,
  env: Env,
  concurrency = 4,
  only?: readonly string[],
): Promise<Runner> {
  registerHooks()
  const jobLog = log.child({ component: 'jobs' })
  const logger = new WorkerLogger(() => (level, message, meta) => {
    const pinoLevel = level === 'error' ? 'error' : level === 'warning' ? 'warn' : 'debug'
    jobLog[pinoLevel](meta ?? {}, message)
  })
  const mailer = createMailer(env, log.child({ component: 'mail' }))
  const recovery = startLockRecovery(db, jobLog, {
    staleAfterMs: env.WORKER_STALE_AFTER_SECONDS * 1000,
  })
  let runner: Runner
  try {
    runner = await run({
      pgPool: db,
      events: recovery.events,
      concurrency,
      noHandleSignals: true,
      pollInterval: 1_000,
      taskList: pick(taskList({ db, log: jobLog, env, mailer }), only),
      crontab: only ? '' : crontab(),
      logger,
    })
  } catch (error) {
    mailer.close()
    await recovery.stop()
    throw error
  }
  let closing: Promise<void> | null = null
  const closeAll = () => {
    if (!closing) {
      mailer.close()
      closing = recovery.stop()
    }
    return closing
  }
  runner.promise.then(closeAll, closeAll)
  // Stopping also waits for the last heartbeat and removes this process's (the database is
  // closed right after).
  const stopRunner = runner.stop.bind(runner)
  runner.stop = async () => {
    await stopRunner()
    await closeAll()
  }
  for (const { task, maxAttempts } of only ? [] : startupJobs()) {
    await runner.addJob(task, {}, { jobKey: `startup:${task}`, maxAttempts })
  }
  return runner
}

function pick(tasks: TaskList, only: readonly string[] | undefined): TaskList {
  if (!only) return tasks
  return Object.fromEntries(Object.entries(tasks).filter(([name]) => only.includes(name)))
}
