export { usageRoutes } from './usage.routes.ts'
