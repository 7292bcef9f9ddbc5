import { SCHEDULED_TASKS } from '../app/scheduled-tasks.ts'
import type { TaskDeps } from '../app/task-registry.ts'

/**
 * weekly_reports / monthly_reports: the same `run` as `npm run cli -- run-task`, at the moment
 * the cron meant (graphile-worker's `_cron.ts`, so a backfilled run reports the same period).
 */
export function scheduledReportsTask(deps: TaskDeps, name: 'weekly_reports' | 'monthly_reports') {
  return async (payload: unknown) => {
    const ts = (payload as { _cron?: { ts?: unknown } } | null)?._cron?.ts
    const at = typeof ts === 'string' || ts instanceof Date ? new Date(ts) : new Date()
    const run = await SCHEDULED_TASKS[name].run(deps, Number.isNaN(at.getTime()) ? new Date() : at)
    if (run.sent > 0 || run.skipped > 0) deps.log.info({ task: name, ...run }, 'reports queued')
  }
}
