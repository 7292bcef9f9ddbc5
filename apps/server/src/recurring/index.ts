export { recurringRefusedJob } from './recurring.jobs.ts'
export { runRecurringEntries, sendRefusedNotices } from './recurring-run.ts'
export { cancelRecurring, insertRecurring, listRecurring } from './recurring.queries.ts'
export { recurringRoutes } from './recurring.routes.ts'
