export { billsRoutes } from './bills.routes.ts'
