import type { Queryable } from '../db/transaction.ts'
import { heldByLiveLockerSql } from '../jobs/lock-recovery.ts'
import type { MailContent } from './templates.ts'

/* The e-mail outbox (email_outbox) as outbox.ts writes and reads it. */

export type EmailRow = {
  id: number
  kind: string
  recipient: string
  subject: string
  text_body: string
  html_body: string
  link: string | null
  attempts: number
}

/** Stores an e-mail to send; returns its id. */
export async function insertEmail(
  tx: Queryable,
  { to, kind, content }: { to: string; kind: string; content: MailContent },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into email_outbox (kind, recipient, subject, text_body, html_body, link)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [kind, to, content.subject, content.text, content.html, content.link || null],
  )
  const id = rows[0]?.id
  if (id === undefined) throw new Error('email_outbox: insert returned no id')
  return id
}

/**
 * Takes a waiting e-mail for one attempt: counts the attempt and starts its lease, committed
 * before the mailer is called. Null when the e-mail is not waiting, not due yet, or held by an
 * attempt whose lease (`leaseMs`) has not run out.
 */
export async function claimEmail(
  db: Queryable,
  { id, leaseMs }: { id: number; leaseMs: number },
): Promise<EmailRow | null> {
  const { rows } = await db.query<EmailRow>(
    `update email_outbox
        set attempts = attempts + 1, attempt_started_at = clock_timestamp(), updated_at = now()
      where id = $1 and status = 'queued'
        and next_attempt_at <= clock_timestamp() + interval '50 milliseconds'
        and (attempt_started_at is null
             or attempt_started_at < clock_timestamp() - make_interval(secs => $2::float8 / 1000))
      returning id, kind, recipient, subject, text_body, html_body, link, attempts`,
    [id, leaseMs],
  )
  return rows[0] ?? null
}

/** When a waiting e-mail that is not held by an attempt may next be tried; null otherwise. */
export async function dueAt(db: Queryable, id: number): Promise<Date | null> {
  const { rows } = await db.query<{ next_attempt_at: Date }>(
    `select next_attempt_at from email_outbox
      where id = $1 and status = 'queued' and attempt_started_at is null`,
    [id],
  )
  return rows[0]?.next_attempt_at ?? null
}

/** Sent: the address and the bodies go (LGPD; the links carry tokens). */
export async function markEmailSent(db: Queryable, id: number): Promise<void> {
  await db.query(
    `update email_outbox
        set status = 'sent', sent_at = now(), attempt_started_at = null, last_error = null,
            recipient = null, text_body = null, html_body = null, link = null, updated_at = now()
      where id = $1`,
    [id],
  )
}

/** Given up: erased like a sent one, with the reason kept. */
export async function markEmailFailed(
  db: Queryable,
  { id, error }: { id: number; error: string },
): Promise<void> {
  await db.query(
    `update email_outbox
        set status = 'failed', failed_at = now(), attempt_started_at = null, last_error = $2,
            recipient = null, text_body = null, html_body = null, link = null, updated_at = now()
      where id = $1`,
    [id, error.slice(0, 300)],
  )
}

/** Records a failed attempt and when to try again; returns that moment. */
export async function scheduleEmailRetry(
  tx: Queryable,
  { id, error, delayMs }: { id: number; error: string; delayMs: number },
): Promise<Date> {
  const { rows } = await tx.query<{ next_attempt_at: Date }>(
    `update email_outbox
        set attempt_started_at = null, last_error = $2, updated_at = now(),
            next_attempt_at = clock_timestamp() + make_interval(secs => $3::float8 / 1000)
      where id = $1
      returning next_attempt_at`,
    [id, error.slice(0, 300), delayMs],
  )
  return rows[0]?.next_attempt_at ?? new Date(Date.now() + delayMs)
}

/**
 * Waiting e-mails that no job waits for or a live runner holds (a crashed worker's job stays
 * locked for hours; a live runner's may wait in its local queue, not yet claimed:
 * heldByLiveLockerSql) and no live attempt holds; their rows stay locked until the caller's
 * transaction ends. `$1` is the job-key prefix.
 */
export async function abandonedEmails(
  tx: Queryable,
  {
    keyPrefix,
    leaseMs,
    staleAfterMs,
  }: { keyPrefix: string; leaseMs: number; staleAfterMs: number },
): Promise<Array<{ id: number; next_attempt_at: Date }>> {
  const { rows } = await tx.query<{ id: number; next_attempt_at: Date }>(
    `select o.id, o.next_attempt_at from email_outbox o
      where o.status = 'queued'
        and (o.attempt_started_at is null
             or o.attempt_started_at < clock_timestamp() - make_interval(secs => $2::float8 / 1000))
        and not exists (
          select 1 from graphile_worker.jobs j
           where j.key = $1 || o.id
             and ((j.locked_at is null and j.attempts < j.max_attempts)
                  or ${heldByLiveLockerSql('j', '$3')}))
      order by o.id limit 500
      for update skip locked`,
    [keyPrefix, leaseMs, staleAfterMs],
  )
  return rows
}

/** E-mails to an address that have not gone yet (account deletion drops them). */
export async function dropQueuedEmailsTo(tx: Queryable, email: string): Promise<number> {
  const { rowCount } = await tx.query(
    `delete from email_outbox where status = 'queued' and lower(recipient) = lower($1)`,
    [email],
  )
  return rowCount ?? 0
}

/** Records of e-mails settled more than `days` ago. */
export async function deleteSettledEmails(
  db: Queryable,
  { days }: { days: number },
): Promise<number> {
  const { rowCount } = await db.query(
    `delete from email_outbox
      where status <> 'queued' and created_at < now() - make_interval(days => $1)`,
    [days],
  )
  return rowCount ?? 0
}
