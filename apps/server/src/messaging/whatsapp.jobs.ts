import { z } from 'zod'
import { defineJob, idPayload } from '../platform/index.ts'

/** WhatsApp processing tries before the person gets an apology and the message is closed. */
export const WHATSAPP_PROCESS_ATTEMPTS = 5

/** One received message → the assistant → its reply queued; one more try for the apology. */
export const whatsappInboundJob = defineJob({
  task: 'whatsapp_inbound',
  payload: idPayload,
  maxAttempts: WHATSAPP_PROCESS_ATTEMPTS + 1,
  keyPrefix: 'wa-in:',
})

/**
 * One queued message → Meta. The sender schedules its own retries (WHATSAPP_SEND_POLICY in
 * app/jobs.ts); these attempts are for unexpected errors (database down, a bug).
 */
export const whatsappSendJob = defineJob({
  task: 'whatsapp_send',
  payload: idPayload,
  maxAttempts: 10,
  keyPrefix: 'wa-out:',
})

/** A status callback that beat its send's commit: tried a few times, then dropped. */
export const whatsappStatusJob = defineJob({
  task: 'whatsapp_status',
  payload: z.object({
    wamid: z.string(),
    status: z.string(),
    at: z.string().optional(),
    errorCode: z.number().nullable().optional(),
    error: z.string().nullable().optional(),
    callbackData: z.string().nullable().optional(),
  }),
  maxAttempts: 4,
})
