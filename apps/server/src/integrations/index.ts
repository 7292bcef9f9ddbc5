export { attemptDelivery } from './webhook-delivery.ts'
export { webhookEndpointsRoutes } from './webhook-endpoints.routes.ts'
