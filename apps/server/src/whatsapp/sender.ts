import type pg from 'pg'
import type { Db } from '../db/database.ts'
import type { Env } from '../env.ts'
import { type Queryable, withTransaction } from '../db/transaction.ts'
import type { Logger } from '../logger.ts'
import { type GraphResult, postMessage } from './graph-api.ts'
import { addJob, ensureJobSchema } from '../jobs/add-job.ts'
import { JOBS } from '../jobs/jobs.ts'
import {
  type OutboundMessage,
  type OutboundPayload,
  outboundPayloadSchema,
  type TemplateMessage,
} from './messages.ts'
import { maskWaId, waIdForms } from './phone.ts'
import { graphConfig } from './whatsapp-config.ts'

/*
 * The one way out: every reply and proactive message is a row in whatsapp_outbound (unique on
 * its idempotency key, so one decision is one message) and a whatsapp_send job that delivers it
 * to Meta's Graph API, or to the simulator when WhatsApp is not configured.
 *
 * - No duplicate sends: an attempt holds an advisory lock on the message and sends only while
 *   it is 'queued'; 'sent' and the wamid are recorded as soon as Meta answers, so a retried or
 *   duplicated job finds it sent and does nothing. A crash during the call to Meta leaves the
 *   message in doubt (attempt_started_at set): Meta's status callback, which carries our
 *   biz_opaque_callback_data, settles it, and only without one within IN_DOUBT_MS is it sent
 *   again (the Cloud API has no idempotency key to ask with). ADR 008.
 * - Retries: 5xx, network errors, timeouts and throughput limits (429, 130429, 131056...) are
 *   tried again with exponential backoff and jitter (policy in jobs/task-registry.ts); other
 *   errors fail at once. Failures are logged at warn (ids and codes, never the text) and listed
 *   by GET /api/admin/whatsapp/failures.
 * - Pacing: messages to one recipient are at least PACING_MS apart (not_before, assigned under a
 *   per-recipient advisory lock when queued), and sends to one recipient never overlap.
 * - The 24-hour window: free-form messages go out only within 24 h of the person's last message
 *   to us; after that the message's fallback template (an approved one, see templates.ts) is
 *   sent instead, or the message fails with OUTSIDE_24H_WINDOW.
 */

export type Channel = 'whatsapp' | 'simulator'

/** Minimum gap between two messages to the same person (Meta throttles bursts to one number). */
export const PACING_MS = 1_000
/** WhatsApp's customer service window. */
export const WINDOW_MS = 24 * 60 * 60 * 1000

export type SendPolicy = {
  /** Attempts at Meta before the message is marked failed. */
  maxAttempts: number
  baseDelayMs: number
  maxDelayMs: number
}

export type OutboundInput = {
  /** One decision, one key: '<inbound message id>:reply', 'bill:<id>:reminder'... */
  idempotencyKey: string
  channel: Channel
  waId: string
  userId: string | null
  message: OutboundMessage
  /** An approved template to send instead when the 24-hour window has closed. */
  fallback?: TemplateMessage
}

/**
 * Queues a message. Call it inside a transaction (the pacing slot is taken under a transaction
 * lock): the message and its job then exist if and only if the caller's work commits. The same
 * idempotency key again queues nothing.
 */
export async function enqueueOutbound(
  tx: Queryable,
  input: OutboundInput,
): Promise<{ id: number; created: boolean }> {
  const payload: OutboundPayload = {
    message: input.message,
    ...(input.fallback ? { fallback: input.fallback } : {}),
  }
  await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
    `whatsapp-pacing:${input.waId}`,
  ])
  const { rows } = await tx.query<{ id: number; not_before: Date }>(
    `insert into whatsapp_outbound
       (idempotency_key, channel, wa_id, user_id, kind, payload, not_before, next_attempt_at)
     select $1, $2, $3, $4, $5, $6::jsonb, slot, slot
       from (select case when $2 = 'simulator' then clock_timestamp()
                    else greatest(clock_timestamp(),
                                  (select max(not_before) from whatsapp_outbound where wa_id = $3)
                                    + make_interval(secs => $7::float8 / 1000))
                    end as slot) s
     on conflict (idempotency_key) do nothing
     returning id, not_before`,
    [
      input.idempotencyKey,
      input.channel,
      input.waId,
      input.userId,
      input.message.kind,
      JSON.stringify(payload),
      PACING_MS,
    ],
  )
  const row = rows[0]
  if (!row) {
    const existing = await tx.query<{ id: number }>(
      'select id from whatsapp_outbound where idempotency_key = $1',
      [input.idempotencyKey],
    )
    return { id: existing.rows[0]?.id ?? 0, created: false }
  }
  await addJob(tx, JOBS.whatsappSend, { id: row.id }, { key: row.id, runAt: row.not_before })
  return { id: row.id, created: true }
}

/** Queues a message in its own transaction. */
export async function sendMessage(db: Db, input: OutboundInput) {
  await ensureJobSchema(db)
  return withTransaction(db, (client) => enqueueOutbound(client, input))
}

/** The wait before attempt n+1: base·2^(n−1), capped, ±20 % jitter, at least Retry-After. */
export function backoffMs(policy: SendPolicy, attempts: number, retryAfterMs: number | null) {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempts - 1))
  const jittered = exponential * (0.8 + Math.random() * 0.4)
  return Math.round(Math.max(jittered, retryAfterMs ?? 0))
}

type OutboundRow = {
  id: number
  channel: Channel
  wa_id: string
  status: string
  attempts: number
  payload: unknown
  next_attempt_at: Date
  early: boolean
  /** Set while an attempt at Meta is under way; still set after a crash mid-attempt. */
  attempt_started_at: Date | null
  in_doubt_until: Date | null
}

export type SendDeps = { db: Db; env: Env; log: Logger; policy: SendPolicy }

/**
 * After a crash during a call to Meta nobody knows whether the message went out. Meta reports
 * every accepted message in a status callback carrying our biz_opaque_callback_data, so the
 * sender waits this long for one before sending again.
 */
export const IN_DOUBT_MS = 30_000

/** Whether the person wrote to us on WhatsApp within the last 24 hours (either number form). */
async function withinWindow(db: Queryable, waId: string): Promise<boolean> {
  const { rows } = await db.query<{ open: boolean }>(
    `select exists (
       select 1 from whatsapp_inbound
        where wa_id = any($1) and channel = 'whatsapp'
          and sent_at > clock_timestamp() - make_interval(secs => $2::float8 / 1000)) as open`,
    [waIdForms(waId), WINDOW_MS],
  )
  return rows[0]?.open ?? false
}

const tryLock = async (client: pg.PoolClient, key: string) =>
  (
    await client.query<{ ok: boolean }>(
      'select pg_try_advisory_lock(hashtextextended($1, 0)) as ok',
      [key],
    )
  ).rows[0]?.ok === true
const unlock = (client: pg.PoolClient, key: string) =>
  client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key])

/** The advisory lock a send attempt holds on its message (the recovery sweep tests it). */
export const attemptLockKey = (outboundId: number) => `whatsapp-attempt:${outboundId}`

/**
 * The whatsapp_send job: delivers one queued message, or reschedules it.
 *
 * An attempt holds a session advisory lock on the message (and one on the recipient, so sends
 * to one person never overlap) on one connection for its whole duration: a duplicated job finds
 * the lock taken, and the recovery sweep can tell a live attempt from one a crash abandoned
 * (its lock went with its connection). The state is committed before and after the call to
 * Meta, so a crash in between leaves the message marked in doubt (see IN_DOUBT_MS).
 */
export async function deliverOutbound(deps: SendDeps, outboundId: number): Promise<void> {
  const client = await deps.db.connect()
  let broken = false
  try {
    if (!(await tryLock(client, attemptLockKey(outboundId)))) {
      // Another attempt is under way (or the sweep is looking): check again shortly.
      await addJob(
        client,
        JOBS.whatsappSend,
        { id: outboundId },
        { key: outboundId, runAt: new Date(Date.now() + 2_000) },
      )
      return
    }
    try {
      await deliverLocked(deps, client, outboundId)
    } finally {
      await unlock(client, attemptLockKey(outboundId))
    }
  } catch (error) {
    broken = true
    throw error
  } finally {
    // On an error the connection is closed rather than reused: no lock can outlive the attempt.
    client.release(broken)
  }
}

async function deliverLocked(deps: SendDeps, client: pg.PoolClient, outboundId: number) {
  const { rows } = await client.query<OutboundRow>(
    `select id, channel, wa_id, status, attempts, payload, next_attempt_at, attempt_started_at,
            next_attempt_at > clock_timestamp() + interval '50 milliseconds' as early,
            case when attempt_started_at + make_interval(secs => $2::float8 / 1000) > clock_timestamp()
                 then attempt_started_at + make_interval(secs => $2::float8 / 1000) end as in_doubt_until
       from whatsapp_outbound where id = $1`,
    [outboundId, IN_DOUBT_MS],
  )
  const row = rows[0]
  if (row?.status !== 'queued') return
  const runAt = row.in_doubt_until ?? (row.early ? row.next_attempt_at : null)
  if (runAt) {
    // A retry scheduled later, or a message in doubt waiting for Meta's status callback.
    await addJob(client, JOBS.whatsappSend, { id: row.id }, { key: row.id, runAt })
    return
  }
  const recipient = `whatsapp-send:${row.wa_id}`
  await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [recipient])
  try {
    await attempt(deps, client, row)
  } finally {
    await unlock(client, recipient)
  }
}

async function attempt(deps: SendDeps, db: pg.PoolClient, row: OutboundRow): Promise<void> {
  const { env, log, policy } = deps
  const logFields = { outboundId: row.id, waId: maskWaId(row.wa_id), channel: row.channel }
  const parsed = outboundPayloadSchema.safeParse(row.payload)
  if (!parsed.success) {
    await markFailed(deps, db, row, null, 'INVALID_PAYLOAD', 'conteúdo da mensagem inválido')
    return
  }
  const config = graphConfig(env)
  if (row.channel === 'simulator' || !config) {
    // The simulator is the recipient: the message is there as soon as it is written.
    await db.query(
      `update whatsapp_outbound
          set status = 'delivered', channel = 'simulator', wamid = 'sim.' || id,
              attempts = attempts + 1, sent_at = now(), delivered_at = now(), updated_at = now()
        where id = $1`,
      [row.id],
    )
    log.info({ ...logFields, channel: 'simulator' }, 'whatsapp message delivered to simulator')
    return
  }
  if (row.attempt_started_at) {
    log.warn(
      logFields,
      'whatsapp message in doubt after a crash, no status received: sending again',
    )
  }

  let { message } = parsed.data
  const { fallback } = parsed.data
  if (message.kind !== 'template' && !(await withinWindow(db, row.wa_id))) {
    if (!fallback) {
      await markFailed(
        deps,
        db,
        row,
        null,
        'OUTSIDE_24H_WINDOW',
        'fora da janela de 24 horas e sem modelo aprovado',
      )
      return
    }
    message = await useFallback(db, row.id, fallback)
  }

  // Committed before the call: a crash from here on leaves the message in doubt.
  const started = await db.query<{ attempts: number }>(
    `update whatsapp_outbound
        set attempt_started_at = clock_timestamp(), attempts = attempts + 1, updated_at = now()
      where id = $1 returning attempts`,
    [row.id],
  )
  const attempts = started.rows[0]?.attempts ?? row.attempts + 1
  const result = await postMessage(config, row.wa_id, message, callbackData(row.id))
  if (result.ok) {
    // A status callback may have got here first (and moved the status on): never go back.
    await db.query(
      `update whatsapp_outbound
          set status = case when status = 'queued' then 'sent' else status end, wamid = $2,
              attempt_started_at = null, sent_at = coalesce(sent_at, now()),
              last_error = null, error_code = null, updated_at = now()
        where id = $1`,
      [row.id, result.wamid],
    )
    log.info({ ...logFields, attempts, kind: message.kind }, 'whatsapp message sent')
    return
  }
  if (result.windowClosed && message.kind !== 'template' && fallback) {
    // Meta says the window is closed (its clock wins): the template goes out next.
    await useFallback(db, row.id, fallback)
    await reschedule(deps, db, row, attempts, result, 0)
    return
  }
  if (result.retryable && attempts < policy.maxAttempts) {
    await reschedule(
      deps,
      db,
      row,
      attempts,
      result,
      backoffMs(policy, attempts, result.retryAfterMs),
    )
    return
  }
  await markFailed(
    deps,
    db,
    row,
    result.code,
    result.windowClosed ? 'OUTSIDE_24H_WINDOW' : result.retryable ? 'MAX_ATTEMPTS' : 'REJECTED',
    result.reason,
    attempts,
  )
}

/** Sent with each message; Meta returns it in the status callbacks (biz_opaque_callback_data). */
export const callbackData = (outboundId: number) => `out:${outboundId}`

function outboundIdFromCallback(data: string | null | undefined): number | null {
  const match = /^out:(\d{1,15})$/.exec(data ?? '')
  return match?.[1] ? Number(match[1]) : null
}

async function useFallback(tx: Queryable, id: number, fallback: TemplateMessage) {
  await tx.query(
    `update whatsapp_outbound
        set kind = 'template', payload = jsonb_build_object('message', $2::jsonb), updated_at = now()
      where id = $1`,
    [id, JSON.stringify(fallback)],
  )
  return fallback
}

async function reschedule(
  { log }: SendDeps,
  db: pg.PoolClient,
  row: OutboundRow,
  attempts: number,
  result: Extract<GraphResult, { ok: false }>,
  delayMs: number,
) {
  await db.query('begin')
  try {
    const { rows } = await db.query<{ next_attempt_at: Date }>(
      `update whatsapp_outbound
          set attempt_started_at = null, last_error = $2, error_code = $3, updated_at = now(),
              next_attempt_at = clock_timestamp() + make_interval(secs => $4::float8 / 1000)
        where id = $1
        returning next_attempt_at`,
      [row.id, result.reason, result.code, delayMs],
    )
    await addJob(
      db,
      JOBS.whatsappSend,
      { id: row.id },
      { key: row.id, runAt: rows[0]?.next_attempt_at },
    )
    await db.query('commit')
  } catch (error) {
    await db.query('rollback').catch(() => {})
    throw error
  }
  log.warn(
    {
      outboundId: row.id,
      waId: maskWaId(row.wa_id),
      attempts,
      status: result.status,
      code: result.code,
      retryInMs: delayMs,
    },
    'whatsapp send failed, will retry',
  )
}

async function markFailed(
  { log }: SendDeps,
  tx: Queryable,
  row: OutboundRow,
  code: number | null,
  reason: string,
  detail: string,
  attempts = row.attempts,
) {
  await tx.query(
    `update whatsapp_outbound
        set status = 'failed', failed_at = now(), attempts = $2, error_code = $3,
            last_error = $4, attempt_started_at = null, updated_at = now()
      where id = $1`,
    [row.id, attempts, code, `${reason}: ${detail}`.slice(0, 300)],
  )
  log.warn(
    { outboundId: row.id, waId: maskWaId(row.wa_id), attempts, code, reason },
    'whatsapp message failed',
  )
}

/**
 * Status callbacks: sent → delivered → read only move forward; failed ends a sent message. A
 * callback finds its message by wamid, or by our callback data when the wamid is not recorded
 * yet (the callback beat the send's commit, or the sender crashed after Meta accepted).
 */
export async function applyStatus(
  db: Queryable,
  update: {
    wamid: string
    status: string
    at: Date
    errorCode: number | null
    error: string | null
    callbackData?: string | null
  },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update whatsapp_outbound o
        set status = case
              when $2 = 'failed' and o.status in ('queued', 'sent', 'delivered') then 'failed'
              when $2 <> 'failed' and o.status <> 'failed'
                   and array_position(array['queued', 'sent', 'delivered', 'read'], $2)
                       > array_position(array['queued', 'sent', 'delivered', 'read'], o.status)
                then $2
              else o.status end,
            wamid = coalesce(o.wamid, $1),
            attempt_started_at = null,
            sent_at = coalesce(o.sent_at, $3),
            delivered_at = case when $2 in ('delivered', 'read') then coalesce(o.delivered_at, $3)
                                else o.delivered_at end,
            read_at = case when $2 = 'read' then coalesce(o.read_at, $3) else o.read_at end,
            failed_at = case when $2 = 'failed' then coalesce(o.failed_at, $3) else o.failed_at end,
            error_code = case when $2 = 'failed' then $4 else o.error_code end,
            last_error = case when $2 = 'failed' then $5 else o.last_error end,
            updated_at = now()
      where o.channel = 'whatsapp'
        and (o.wamid = $1 or (o.wamid is null and o.id = $6))`,
    [
      update.wamid,
      update.status,
      update.at,
      update.errorCode,
      update.error ? `STATUS_FAILED: ${update.error}` : null,
      outboundIdFromCallback(update.callbackData),
    ],
  )
  return (rowCount ?? 0) > 0
}
