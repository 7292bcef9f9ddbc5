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
 * Replies of one batch a whatsapp_send job carries (ADR 008, 2026-11-26 late): as many as one
 * send batch takes (send-batch.ts SEND_BATCH), so the job's batch can send them all at once.
 */
export const SEND_JOB_MESSAGES = 50

/**
 * How far apart the pacing slots of one job's replies may be: the job runs at its latest slot,
 * so its first reply waits at most this long past its own. A batch's replies to people with
 * nothing queued share one slot (within microseconds); people with an earlier reply waiting get
 * theirs PACING_MS later, in a job of their own. Small against PACING_MS (1 s), large against
 * the spread of one statement's clock_timestamp().
 */
export const SEND_JOB_SPREAD_MS = 250

/**
 * Queued messages → Meta. The sender schedules its own retries (WHATSAPP_SEND_POLICY in
 * app/jobs.ts); these attempts are for unexpected errors (database down, a bug). `ids`: the
 * replies of one batch this job answers for (up to SEND_JOB_MESSAGES, `id` the first), queued
 * without a key (send-job.ts); without `ids`, the message `id` alone, under the key
 * `wa-out:<message id>` (a single reply, a retry, the recovery sweep).
 */
export const whatsappSendJob = defineJob({
  task: 'whatsapp_send',
  payload: idPayload.extend({
    ids: z.array(z.number().int().positive()).min(1).max(SEND_JOB_MESSAGES).optional(),
  }),
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
