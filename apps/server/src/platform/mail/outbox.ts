import type { Db } from '../db/database.ts'
import { type Queryable, withTransaction } from '../db/transaction.ts'
import { addJob } from '../jobs/add-job.ts'
import type { Logger } from '../logger.ts'
import { mailSendJob } from './mail.jobs.ts'
import type { Mailer } from './mailer.ts'
import {
  abandonedEmails,
  claimEmail,
  deleteSettledEmails,
  dropQueuedEmailsTo,
  dueAt,
  type EmailRow,
  insertEmail,
  markEmailFailed,
  markEmailSent,
  scheduleEmailRetry,
} from './outbox.queries.ts'
import type { MailContent } from './templates.ts'

/*
 * The one way an e-mail leaves (ADR 020): a row in email_outbox and a mail_send job, written in
 * the transaction that caused the e-mail. Nothing is sent inside a request: a request answers
 * after a database insert, whatever SMTP is doing, and an e-mail whose cause rolled back was
 * never queued.
 *
 * - An attempt first claims the row (attempts + 1 and a lease, committed), then calls the
 *   mailer, then records the outcome; no connection is held while SMTP talks.
 * - Retries: connection errors, timeouts and 4xx answers are tried again with exponential
 *   backoff and jitter (MAIL_SEND_POLICY in app/jobs.ts); a 5xx refusal of the recipient or of
 *   the message fails at once; after the last attempt the row is 'failed'.
 * - A crash mid-attempt: the lease runs out (ATTEMPT_LEASE_MS) and the recovery sweep queues a
 *   fresh job. The e-mail may then go twice (if the crash came after SMTP accepted it): at least
 *   once, never lost.
 * - LGPD: sending or giving up erases the address and the bodies (outbox.queries.ts).
 */

export type EmailToQueue = {
  to: string
  /** What the e-mail is, for the log and the record: 'confirmar-email', 'team-invitation'... */
  kind: string
  content: MailContent
}

/**
 * Queues an e-mail. Call it inside the transaction that causes it: the e-mail and its job then
 * exist if and only if the caller's work commits.
 */
export async function queueEmail(tx: Queryable, email: EmailToQueue): Promise<number> {
  const id = await insertEmail(tx, email)
  await addJob(tx, mailSendJob, { id }, { key: id })
  return id
}

/** Queues an e-mail in a short transaction of its own, for callers that have none. */
export function queueEmailNow(db: Db, email: EmailToQueue): Promise<number> {
  return withTransaction(db, (tx) => queueEmail(tx, email))
}

export type MailSendPolicy = {
  /** Attempts before the e-mail is marked failed. */
  maxAttempts: number
  baseDelayMs: number
  maxDelayMs: number
}

export type MailSendDeps = { db: Db; log: Logger; mailer: Mailer; policy: MailSendPolicy }

/** An attempt that takes longer is abandoned and tried again (the SMTP server may be stuck). */
export const ATTEMPT_TIMEOUT_MS = 60_000
/** How long a claimed e-mail is left to its attempt before a crash is assumed (> the timeout). */
export const ATTEMPT_LEASE_MS = 2 * 60_000

/** The mail_send job: one attempt at one queued e-mail, or nothing if it is not due. */
export async function deliverEmail(deps: MailSendDeps, id: number): Promise<void> {
  const { db, log, policy } = deps
  const row = await claimEmail(db, { id, leaseMs: ATTEMPT_LEASE_MS })
  if (!row) {
    // Sent, failed, deleted, held by a live attempt, or a job that ran early: put it back then.
    const runAt = await dueAt(db, id)
    if (runAt && runAt.getTime() > Date.now()) {
      await addJob(db, mailSendJob, { id }, { key: id, runAt })
    }
    return
  }
  const fields = { emailId: row.id, kind: row.kind, attempts: row.attempts }
  if (row.attempts > policy.maxAttempts) {
    // Attempts that crashed count too: an e-mail that kills its worker is not tried for ever.
    await markEmailFailed(db, { id, error: 'MAX_ATTEMPTS: tentativas interrompidas' })
    log.warn(fields, 'e-mail failed: attempts used up')
    return
  }

  const failure = await attempt(deps.mailer, row)
  if (!failure) {
    await markEmailSent(db, id)
    return
  }
  const detail = { ...fields, code: failure.code, responseCode: failure.responseCode }
  if (failure.permanent || row.attempts >= policy.maxAttempts) {
    await markEmailFailed(db, { id, error: failure.reason })
    log.warn(detail, 'e-mail failed')
    return
  }
  const delayMs = backoffMs(policy, row.attempts)
  await withTransaction(db, async (tx) => {
    const runAt = await scheduleEmailRetry(tx, { id, error: failure.reason, delayMs })
    await addJob(tx, mailSendJob, { id }, { key: id, runAt })
  })
  log.warn({ ...detail, retryInMs: delayMs }, 'e-mail not sent, will retry')
}

type Failure = {
  reason: string
  code: string | null
  responseCode: number | null
  permanent: boolean
}

async function attempt(mailer: Mailer, row: EmailRow): Promise<Failure | null> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('tempo esgotado'), { code: 'ETIMEDOUT' })),
      ATTEMPT_TIMEOUT_MS,
    )
  })
  try {
    await Promise.race([
      mailer.send({
        to: row.recipient,
        kind: row.kind,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        link: row.link ?? '',
      }),
      timeout,
    ])
    return null
  } catch (error) {
    return classify(error, row.recipient)
  } finally {
    clearTimeout(timer)
  }
}

/**
 * nodemailer's errors carry `code` (ECONNECTION, ETIMEDOUT, EAUTH, EENVELOPE, EMESSAGE...) and,
 * for the server's answers, `responseCode`. A 5xx refusal of the recipient or the message will
 * not change by retrying; everything else (the network, a 4xx, our own credentials) may.
 */
function classify(error: unknown, recipient: string): Failure {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown
    responseCode?: unknown
    message?: unknown
  }
  const code = typeof e.code === 'string' ? e.code : null
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : null
  const message = typeof e.message === 'string' ? e.message : String(error)
  const permanent =
    responseCode !== null && responseCode >= 500 && (code === 'EENVELOPE' || code === 'EMESSAGE')
  // The server's answer often repeats the address: it is not kept with the record.
  const reason = `${code ?? 'ERRO'}${responseCode ? ` ${responseCode}` : ''}: ${withoutAddress(message, recipient)}`
  return { reason, code, responseCode, permanent }
}

function withoutAddress(text: string, address: string): string {
  if (!address) return text
  const escaped = address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return text.replace(new RegExp(escaped, 'gi'), '<destinatário>')
}

/** The wait before attempt n+1: base·2^(n−1), capped, ±20 % jitter. */
export function backoffMs(policy: MailSendPolicy, attempts: number): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempts - 1))
  return Math.round(exponential * (0.8 + Math.random() * 0.4))
}

/**
 * After a crash (kill -9, a lost machine) graphile-worker keeps the running job locked for four
 * hours. This sweep (when a runner starts, and every minute) queues a fresh job for every
 * waiting e-mail that has no job waiting or held by a live runner (locked, or its locker heard
 * from, within `staleAfterMs`: the lock sweep's rule, platform/jobs/lock-recovery.ts) and whose
 * lease, if any, ran out. Adding a job under the same key retires the dead worker's job.
 */
export async function recoverEmails(
  db: Db,
  { staleAfterMs }: { staleAfterMs: number },
): Promise<{ emails: number }> {
  return withTransaction(db, async (tx) => {
    const rows = await abandonedEmails(tx, {
      keyPrefix: mailSendJob.keyPrefix ?? '',
      leaseMs: ATTEMPT_LEASE_MS,
      staleAfterMs,
    })
    for (const row of rows) {
      await addJob(tx, mailSendJob, { id: row.id }, { key: row.id, runAt: row.next_attempt_at })
    }
    return { emails: rows.length }
  })
}

/** How long the record of a settled e-mail (kind, outcome, times; no address) is kept. */
export const EMAIL_RECORD_DAYS = 30

export async function applyEmailRetention(db: Db): Promise<{ emails: number }> {
  return { emails: await deleteSettledEmails(db, { days: EMAIL_RECORD_DAYS }) }
}

/** E-mails to this address that have not gone yet are dropped (account deletion). */
export function dropQueuedEmails(tx: Queryable, { email }: { email: string }): Promise<number> {
  return dropQueuedEmailsTo(tx, email)
}
