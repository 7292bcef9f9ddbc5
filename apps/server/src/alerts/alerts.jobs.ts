import { defineJob, idPayload } from '../platform/index.ts'

/**
 * One alert's WhatsApp message (alerts.ts), queued in the transaction that recorded the alert;
 * the recipient's settings are read when it runs. Key: the alert id.
 */
export const alertNotifyJob = defineJob({
  task: 'alert_notify',
  payload: idPayload,
  maxAttempts: 10,
  keyPrefix: 'alert:',
})
