export { alertNotifyJob, alertsNotifyJob } from './alerts.jobs.ts'
export { alertsRoutes } from './alerts.routes.ts'
export { deliverAlert, deliverAlerts, recordAlerts } from './alerts.ts'
export type { NewAlert } from './alerts.ts'
export {
  checkBudgetAlertsOf,
  checkEntriesAlerts,
  checkEntryAlerts,
  checkImportedAlerts,
} from './entry-alerts.ts'
export { HIGH_SPENDING_RULE } from './high-spending.ts'
