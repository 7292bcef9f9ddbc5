import { sendDueBillReminders } from '../../ledger/bill-reminders.ts'
import type { TaskDeps } from '../task-registry.ts'

export function billRemindersTask({ db, log, env }: TaskDeps) {
  return async () => {
    // The real time, not the cron's: a backfilled or retried run still says 'hoje'/'amanhã'
    // for the day it actually runs on.
    const run = await sendDueBillReminders(db, env, new Date())
    if (run.sent > 0 || run.skipped > 0) log.info(run, 'bill reminders queued')
  }
}
