export { webhookDeliverJob } from './webhook-deliver.job.ts'
export { emitTestEvent, emitWebhookEvent, emitWebhookEvents } from './webhook-events.ts'
