export { alertsRoutes } from './alerts.routes.ts'
