import { SCHEDULED_TASKS } from '../app/scheduled-tasks.ts'
import type { TaskDeps } from '../app/task-registry.ts'

export function billRemindersTask(deps: TaskDeps) {
  return async () => {
    // The real time, not the cron's: a backfilled or retried run still says 'hoje'/'amanhã'
    // for the day it actually runs on.
    const run = await SCHEDULED_TASKS.bill_reminders.run(deps, new Date())
    if (run.sent > 0 || run.skipped > 0) deps.log.info(run, 'bill reminders queued')
  }
}
