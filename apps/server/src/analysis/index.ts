export { analyzeLedger } from './analysis.queries.ts'
export { analysisRoutes } from './analysis.routes.ts'
