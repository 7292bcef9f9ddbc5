export { recurringRoutes } from './recurring.routes.ts'
