export { summaryRoutes } from './summary.routes.ts'
