import type { Task, TaskList } from 'graphile-worker'
import type { Db } from '../db/database.ts'
import type { Logger } from '../logger.ts'
import { resetMonthlyCountersTask } from './tasks/reset-monthly-counters.ts'

export type TaskDeps = { db: Db; log: Logger }

/**
 * Every background task, its schedule and its retry policy, in one place (STYLE.md 8). Tasks
 * are thin: they check their payload and call the same domain functions HTTP and the CLI use.
 */
export function taskList(deps: TaskDeps): TaskList {
  return {
    reset_monthly_counters: resetMonthlyCountersTask(deps) as Task,
  }
}

/**
 * graphile-worker crontab (UTC). The counter reset runs hourly so the 1st of the month in
 * São Paulo (UTC-3) is caught within the hour, and `fill` catches up after downtime.
 */
export const CRONTAB = ['5 * * * * reset_monthly_counters ?fill=1d&max=5'].join('\n')
