export { attemptDelivery } from './webhook-delivery.ts'
export { webhookEndpointsRoutes } from './webhook-endpoints.routes.ts'
export {
  connectionsRoutes,
  demoAggregatorEnv,
  exportConnections,
  openFinanceSyncJob,
  pluggyWebhookRoutes,
  queueDailySyncs,
  deleteOwnerItemsAtAggregator,
  runSyncJob,
} from './open-finance/index.ts'
