import { defineJob, idPayload } from '../jobs/job-spec.ts'

/**
 * One e-mail of the outbox (outbox.ts) → the mailer. Queued with its row, in the transaction
 * that caused the e-mail. The sender schedules its own retries (MAIL_SEND_POLICY in
 * app/jobs.ts); these attempts are for unexpected errors (database down, a bug). Key: the
 * e-mail's id, so one job waits per e-mail.
 */
export const mailSendJob = defineJob({
  task: 'mail_send',
  payload: idPayload,
  maxAttempts: 10,
  keyPrefix: 'mail:',
})
