export { teamRoutes } from './team.routes.ts'
