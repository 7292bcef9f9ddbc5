export { transactionsRoutes } from './transactions.routes.ts'
