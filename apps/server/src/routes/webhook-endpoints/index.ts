export { webhookEndpointsRoutes } from './webhook-endpoints.routes.ts'
