import { SCHEDULED_TASKS } from '../app/scheduled-tasks.ts'
import type { TaskDeps } from '../app/task-registry.ts'

export function recurringEntriesTask(deps: TaskDeps) {
  return async () => {
    // The real time: a backfilled run records what is due by today, and no more.
    const run = await SCHEDULED_TASKS.recurring_entries.run(deps, new Date())
    if (run.recorded > 0 || run.refused > 0) deps.log.info(run, 'recurring entries recorded')
  }
}
