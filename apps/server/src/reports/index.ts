export { answerReportRequest } from './report-commands.ts'
export { reportsRoutes } from './reports.routes.ts'
export { sendScheduledReports } from './scheduled-reports.ts'
