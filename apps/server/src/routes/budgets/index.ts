export { budgetsRoutes } from './budgets.routes.ts'
