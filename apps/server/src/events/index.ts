export { webhookDeliverJob } from './webhook-deliver.job.ts'
export {
  emitTestEvent,
  emitWebhookEvent,
  emitWebhookEvents,
  queueDelivery,
} from './webhook-events.ts'
