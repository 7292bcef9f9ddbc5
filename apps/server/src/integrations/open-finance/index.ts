export { demoAggregatorEnv, isDemoMode, stopDemoAggregator } from './aggregator-registry.ts'
export {
  exportConnections,
  deleteOwnerItemsAtAggregator,
} from './connections.service.ts'
export { connectionsRoutes } from './connections.routes.ts'
export { FakePluggy } from './fake-pluggy/fake-pluggy.ts'
export { openFinanceSyncJob } from './open-finance.jobs.ts'
export { queueDailySyncs, runSyncJob } from './open-finance.run.ts'
export { pluggyWebhookRoutes } from './pluggy-webhook.routes.ts'
