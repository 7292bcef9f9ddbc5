import { z } from 'zod'
import { defineJob, idPayload } from '../platform/index.ts'

/** WhatsApp processing tries before the person gets an apology and the message is closed. */
export const WHATSAPP_PROCESS_ATTEMPTS = 5

/**
 * Messages of one inbox statement a whatsapp_inbound job carries (ADR 024, 2026-11-26 night):
 * one batch's worth, so a large group still gives the runner's slots work in parallel.
 */
export const INBOUND_JOB_MESSAGES = 16

/**
 * Received messages → the assistant → their replies queued; one more try for the apology.
 * `ids`: the messages of one inbox statement this job answers for (up to
 * INBOUND_JOB_MESSAGES, in arrival order, `id` the first), queued without a key; without
 * `ids`, the message `id` alone, under the key `wa-in:<message id>` (the recovery sweep).
 */
export const whatsappInboundJob = defineJob({
  task: 'whatsapp_inbound',
  payload: idPayload.extend({
    ids: z.array(z.number().int().positive()).min(1).max(INBOUND_JOB_MESSAGES).optional(),
  }),
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
