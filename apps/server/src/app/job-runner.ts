import { registerHooks } from './hooks.ts'
import { Logger as WorkerLogger, type Runner, run, type TaskList } from 'graphile-worker'
import { webhookDeliverJob } from '../events/index.ts'
import {
  type Db,
  type Env,
  type Logger,
  createMailer,
  type LockRecovery,
  startLockRecovery,
} from '../platform/index.ts'
import { crontab, startupJobs, taskList } from './task-registry.ts'

/** What the callers use of a runner (or of the main runner and its lanes together). */
export type JobRunner = Pick<Runner, 'stop' | 'addJob' | 'promise'>

/**
 * Tasks that run in a lane of their own (ARCHITECTURE §12): a graphile-worker runner that takes
 * only these tasks, with its own slots, while the main runner never takes them. Outgoing webhook
 * deliveries wait on other people's servers (up to 5 s an attempt), so they never hold a slot
 * that a WhatsApp reply, an e-mail or a reminder needs; within the lane each endpoint has its
 * own queue (webhook-deliver.job.ts), so a dead endpoint holds one of the lane's slots.
 */
export function jobLanes(
  env: Env,
): readonly { name: string; tasks: string[]; concurrency: number }[] {
  return [
    { name: 'webhooks', tasks: [webhookDeliverJob.task], concurrency: env.WEBHOOK_CONCURRENCY },
  ]
}

/**
 * graphile-worker on our database, logging through pino; signals are ours to handle. The
 * process's one mailer is made here, for the outbox's mail_send job, and closed when the runner
 * stops: nothing else in a server or worker process sends e-mail (ADR 020).
 *
 * The process heartbeats for all its runners and sweeps the locks of dead ones
 * (platform/jobs/lock-recovery.ts): a job a killed worker held runs again within minutes.
 *
 * `only` runs just those tasks, with no schedule and no startup jobs (the CLI chat's runner for
 * the channel's message jobs). Without it, the main runner (`concurrency` slots, every task but
 * the lanes'; WORKER_CONCURRENCY unless given) and one runner per lane (jobLanes) start together
 * and stop together.
 */
export async function startJobRunner(
  db: Db,
  log: Logger,
  env: Env,
  concurrency = env.WORKER_CONCURRENCY,
  only?: readonly string[],
): Promise<JobRunner> {
  registerHooks()
  const mailer = createMailer(env, log.child({ component: 'mail' }))
  const tasks = taskList({ db, log: log.child({ component: 'jobs' }), env, mailer })
  const lanes = only ? [] : jobLanes(env)
  const laneTasks = new Set(lanes.flatMap((lane) => lane.tasks))
  const recovery = startLockRecovery(db, log.child({ component: 'jobs' }), {
    staleAfterMs: env.WORKER_STALE_AFTER_SECONDS * 1000,
  })
  let closing: Promise<void> | null = null
  // Stopping also waits for the last heartbeat and removes this process's (the database is
  // closed right after).
  const closeAll = () => {
    if (!closing) {
      mailer.close()
      closing = recovery.stop()
    }
    return closing
  }
  const runners: Runner[] = []
  try {
    runners.push(
      await startOne(db, log, recovery, {
        concurrency,
        tasks: pick(tasks, only ?? Object.keys(tasks).filter((task) => !laneTasks.has(task))),
        scheduled: !only,
        batched: true,
      }),
    )
    for (const lane of lanes) {
      runners.push(
        await startOne(db, log.child({ lane: lane.name }), recovery, {
          concurrency: lane.concurrency,
          tasks: pick(tasks, lane.tasks),
          scheduled: false,
          batched: false,
        }),
      )
    }
  } catch (error) {
    await Promise.all(runners.map((r) => r.stop()))
    await closeAll()
    throw error
  }
  const promise = Promise.all(runners.map((r) => r.promise)).then(() => undefined)
  promise.then(closeAll, closeAll)
  const [main] = runners as [Runner]
  return {
    addJob: main.addJob,
    stop: async () => {
      await Promise.all(runners.map((r) => r.stop()))
      await closeAll()
    },
    promise,
  }
}

/**
 * Batched job fetches (ADR 024, 2026-11-26): the main runner locks up to one job per slot in
 * one fetch and hands them out as slots free up (graphile-worker's local queue), and deletes
 * finished jobs together (completions gathered for COMPLETE_BATCH_MS). A burst of messages then
 * costs a fetch per several jobs instead of one or more per job. The jobs waiting in a live
 * runner's local queue are locked by its pool, whose heartbeat tells every recovery sweep that
 * they are not abandoned (lock-recovery.ts); if the process dies they are freed like the jobs it
 * was running. The webhook lane's jobs wait on other servers: one at a time per slot, fetched
 * one at a time (a local queue of ONE job, below: a fetch of several can lock several jobs of
 * one endpoint's queue at once, and a dead endpoint must hold at most one slot).
 */
const COMPLETE_BATCH_MS = 20

/**
 * A lane's runner hears every new-job NOTIFY, most of them for the main runner's tasks (each
 * WhatsApp inbox statement and batch of replies sends one), and each woke one of its idle
 * slots to look for its own tasks: in the WhatsApp burst those empty looks were ~85 % of all
 * job fetches, a round trip each (ADR 024, 2026-11-27). So a lane fetches through a local
 * queue of one job, and after a fetch that found nothing it ignores notifications for about
 * LANE_IDLE_REFETCH_MS (0.5–1.5×), then looks again if any came: an idle lane looks a few times
 * a second at most; a busy one (its last fetch found a job) fetches at once, as before.
 */
const LANE_IDLE_REFETCH_MS = 250
/**
 * graphile-worker's start-up advice for a local queue smaller than the slots, meant for jobs
 * that finish fast; a lane's one-job queue is chosen (above), so it is logged at debug.
 */
const SMALL_QUEUE_WARNING = 'Your job batch size'

/** One graphile-worker runner; `scheduled`: with the crontab and the startup jobs. */
async function startOne(
  db: Db,
  log: Logger,
  recovery: LockRecovery,
  {
    concurrency,
    tasks,
    scheduled,
    batched,
  }: { concurrency: number; tasks: TaskList; scheduled: boolean; batched: boolean },
): Promise<Runner> {
  const jobLog = log.child({ component: 'jobs' })
  const logger = new WorkerLogger(() => (level, message, meta) => {
    const pinoLevel =
      level === 'error'
        ? 'error'
        : level === 'warning' && (batched || !message.startsWith(SMALL_QUEUE_WARNING))
          ? 'warn'
          : 'debug'
    jobLog[pinoLevel](meta ?? {}, message)
  })
  const runner = await run({
    pgPool: db,
    events: recovery.events,
    concurrency,
    noHandleSignals: true,
    pollInterval: 1_000,
    ...(!batched
      ? {
          preset: {
            worker: {
              localQueue: {
                size: 1,
                refetchDelay: { durationMs: LANE_IDLE_REFETCH_MS, maxAbortThreshold: Infinity },
              },
            },
          },
        }
      : concurrency > 1
        ? {
            preset: {
              worker: {
                localQueue: { size: concurrency },
                completeJobBatchDelay: COMPLETE_BATCH_MS,
              },
            },
          }
        : {}),
    taskList: tasks,
    crontab: scheduled ? crontab() : '',
    logger,
  })
  for (const { task, maxAttempts } of scheduled ? startupJobs() : []) {
    await runner.addJob(task, {}, { jobKey: `startup:${task}`, maxAttempts })
  }
  return runner
}

function pick(tasks: TaskList, only: readonly string[]): TaskList {
  return Object.fromEntries(Object.entries(tasks).filter(([name]) => only.includes(name)))
}
