export { budgetsForMonth, setBudget } from './budgets.queries.ts'
export { budgetsRoutes } from './budgets.routes.ts'
