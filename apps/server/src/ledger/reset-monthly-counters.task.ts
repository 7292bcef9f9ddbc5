import { resetMonthlyCounters } from './monthly-counters.ts'
import type { TaskDeps } from '../app/task-registry.ts'

export function resetMonthlyCountersTask({ db, log }: TaskDeps) {
  return async () => {
    const reset = await resetMonthlyCounters(db)
    if (reset > 0) log.info({ reset }, 'monthly entry counters reset')
  }
}
