import { whatsappInboundJob, whatsappSendJob } from '../../messaging/index.ts'
import { Logger as WorkerLogger, type Runner, run } from 'graphile-worker'
import { type Db, type Env, type Logger, createMailer } from '../../platform/index.ts'
import { taskList } from '../task-registry.ts'

/**
 * A job runner for the channel's message jobs only (processing and sending), for the CLI chat:
 * the conversation moves whether or not a server is running. When one is, both runners take
 * jobs from the same queue, and either may answer. No schedules run here, and no e-mail goes
 * from here (the jobs' mailer is made for the table's sake and closed with the runner).
 */
export async function startChannelRunner(db: Db, env: Env, log: Logger): Promise<Runner> {
  const mailer = createMailer(env, log)
  const all = taskList({ db, env, log, mailer })
  const mine = [whatsappInboundJob.task, whatsappSendJob.task]
  const runner = await run({
    pgPool: db,
    concurrency: 2,
    noHandleSignals: true,
    pollInterval: 1_000,
    taskList: Object.fromEntries(mine.map((name) => [name, all[name]]).filter(([, t]) => t)),
    logger: new WorkerLogger(() => () => {}),
  }).catch((error: unknown) => {
    mailer.close()
    throw error
  })
  const closeMailer = () => mailer.close()
  runner.promise.then(closeMailer, closeMailer)
  return runner
}
