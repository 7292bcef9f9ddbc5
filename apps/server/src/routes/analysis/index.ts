export { analysisRoutes } from './analysis.routes.ts'
