import { z } from 'zod'
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

/** At most this many alerts per alerts_notify job. */
export const ALERTS_PER_JOB = 500

/**
 * The messages of alerts recorded together (a page of the daily reminder run): one job per
 * ALERTS_PER_JOB alerts instead of one each, queued in the same transaction. Each alert goes out
 * as alert_notify would send it, under the same idempotency key (`alert:<id>`), so a retried
 * job sends nothing twice.
 */
export const alertsNotifyJob = defineJob({
  task: 'alerts_notify',
  payload: z.object({ ids: z.array(z.number().int().positive()).min(1).max(ALERTS_PER_JOB) }),
  maxAttempts: 10,
})
