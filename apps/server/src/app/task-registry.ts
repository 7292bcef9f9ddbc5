import type { Task, TaskList } from 'graphile-worker'
import {
  isScheduled,
  type JobRow,
  type RunCounts,
  type ScheduledJob,
  type TaskDeps,
} from '../platform/index.ts'
import { JOBS } from './jobs.ts'

const ROWS: readonly JobRow[] = Object.values(JOBS) as JobRow[]

/**
 * graphile-worker's task list from the job table: each payload is checked against its row's
 * schema (one that fails is logged and dropped: retrying cannot mend it), then the row's `run`.
 */
export function taskList(deps: TaskDeps): TaskList {
  return Object.fromEntries(ROWS.map((row) => [row.task, handler(row, deps)]))
}

function handler(row: JobRow, deps: TaskDeps): Task {
  return async (raw, helpers) => {
    const parsed = row.payload.safeParse(raw ?? {})
    if (!parsed.success) {
      deps.log.warn({ task: row.task, payload: raw }, 'job payload refused, dropped')
      return
    }
    if (!isScheduled(row)) return row.run(deps, parsed.data, helpers)
    const counts = await row.run(deps, cronTime(row, parsed.data))
    logCounts(deps, row.task, counts)
  }
}

/** The cron's own time (`_cron.ts`) for rows on the scheduled clock; the real time otherwise. */
function cronTime(row: ScheduledJob, payload: { _cron?: { ts?: string | Date } }): Date {
  const ts = payload._cron?.ts
  const at = row.clock === 'scheduled' && ts !== undefined ? new Date(ts) : new Date()
  return Number.isNaN(at.getTime()) ? new Date() : at
}

function logCounts({ log }: TaskDeps, task: string, counts: RunCounts) {
  const busy = Object.values(counts).some((n) => n > 0)
  log[busy ? 'info' : 'debug']({ task, ...counts }, 'scheduled task ran')
}

/** graphile-worker's crontab (UTC), from the table's schedules. */
export function crontab(): string {
  return ROWS.flatMap((row) => {
    if (!isScheduled(row)) return []
    const fill = row.cron.fill ? `fill=${row.cron.fill}&` : ''
    return [`${row.cron.schedule} ${row.task} ?${fill}max=${row.maxAttempts}`]
  }).join('\n')
}

/** The jobs queued once each time a runner starts (recovery after a crash). */
export function startupJobs(): ScheduledJob[] {
  return ROWS.filter((row): row is ScheduledJob => isScheduled(row) && row.atStartup === true)
}

/** The rows `npm run cli -- run-task <task>` runs, by task name. */
export function scheduledJobs(): ScheduledJob[] {
  return ROWS.filter(isScheduled)
}

export function scheduledJob(task: string): ScheduledJob | undefined {
  return scheduledJobs().find((row) => row.task === task)
}
