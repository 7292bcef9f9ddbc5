import { SEND_JOB_MESSAGES, SEND_JOB_SPREAD_MS, whatsappSendJob } from './whatsapp.jobs.ts'
import type pg from 'pg'
import {
  type Db,
  type Env,
  lockForSession,
  lockForTransaction,
  unlockSessions,
  inTransaction,
  type Queryable,
  type Logger,
  addJob,
} from '../platform/index.ts'
import type { GraphConfig, GraphResult } from './graph-api.ts'
import { type BatchRules, sendBatch } from './send-batch.ts'
import {
  type OutboundMessage,
  type OutboundPayload,
  outboundPayloadSchema,
  type TemplateMessage,
} from './messages.ts'
import {
  type Channel,
  insertOutbound,
  insertOutboundBatch,
  lockOutboundForAttempt,
  markAttemptStarted,
  markDeliveredToSimulator,
  markOutboundFailed,
  markSent,
  type OutboundRow,
  outboundIdByKey,
  recipientState,
  scheduleRetry,
  switchToFallback,
} from './outbox.queries.ts'
import { maskWaId, waIdForms } from './phone.ts'
import { callMeta, decideAfterCall } from './send-call.ts'
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
  await lockForTransaction(tx, `whatsapp-pacing:${input.waId}`)
  // The message and its send job for its slot, in one statement.
  const row = await insertOutbound(tx, {
    idempotencyKey: input.idempotencyKey,
    channel: input.channel,
    waId: input.waId,
    userId: input.userId,
    kind: input.message.kind,
    payload,
    pacingMs: PACING_MS,
    job: {
      task: whatsappSendJob.task,
      // The spec's key prefix (whatsapp_send jobs are keyed by message id).
      keyPrefix: whatsappSendJob.keyPrefix ?? 'wa-out:',
      maxAttempts: whatsappSendJob.maxAttempts,
    },
  })
  if (!row) return { id: await outboundIdByKey(tx, input.idempotencyKey), created: false }
  return { id: row.id, created: true }
}

/**
 * enqueueOutbound for several messages, each to a DIFFERENT number (a batch's replies): the
 * numbers' pacing locks in one statement (in a fixed order, so two batches cannot deadlock on
 * them), then the messages and their send jobs in one more — one job per group of replies due
 * together (send-job.ts), not one each.
 */
export async function enqueueOutboundBatch(
  tx: Queryable,
  inputs: readonly OutboundInput[],
): Promise<void> {
  if (inputs.length === 0) return
  const waIds = inputs.map((i) => i.waId)
  if (new Set(waIds).size !== waIds.length) throw new Error('enqueueOutboundBatch: one per number')
  await tx.query(
    `select pg_advisory_xact_lock(hashtextextended(k, 0))
       from (select k from unnest($1::text[]) k order by k) keys`,
    [waIds.map((waId) => `whatsapp-pacing:${waId}`)],
  )
  await insertOutboundBatch(tx, {
    messages: inputs.map((input) => ({
      idempotencyKey: input.idempotencyKey,
      channel: input.channel,
      waId: input.waId,
      userId: input.userId,
      kind: input.message.kind,
      payload: {
        message: input.message,
        ...(input.fallback ? { fallback: input.fallback } : {}),
      },
    })),
    pacingMs: PACING_MS,
    job: {
      task: whatsappSendJob.task,
      maxAttempts: whatsappSendJob.maxAttempts,
      spreadMs: SEND_JOB_SPREAD_MS,
      perJob: SEND_JOB_MESSAGES,
    },
  })
}

/** The wait before attempt n+1: base·2^(n−1), capped, ±20 % jitter, at least Retry-After. */
export function backoffMs(policy: SendPolicy, attempts: number, retryAfterMs: number | null) {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempts - 1))
  const jittered = exponential * (0.8 + Math.random() * 0.4)
  return Math.round(Math.max(jittered, retryAfterMs ?? 0))
}

export type SendDeps = { db: Db; env: Env; log: Logger; policy: SendPolicy }

/**
 * After a crash during a call to Meta nobody knows whether the message went out. Meta reports
 * every accepted message in a status callback carrying our biz_opaque_callback_data, so the
 * sender waits this long for one before sending again.
 */
export const IN_DOUBT_MS = 30_000

/** The advisory lock a send attempt holds on its message (the recovery sweep tests it). */
export const ATTEMPT_LOCK_PREFIX = 'whatsapp-attempt:'
/** The advisory lock held while a message to this number is being sent (+ wa_id). */
const RECIPIENT_LOCK_PREFIX = 'whatsapp-send:'
const attemptLockKey = (outboundId: number) => `${ATTEMPT_LOCK_PREFIX}${outboundId}`

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
  const config = graphConfig(deps.env)
  // With the Graph API configured, the job sends its message together with the other
  // recipients' due ones (send-batch.ts); what the batch did not settle goes the single way.
  if (config && (await deliverInBatch(deps, config, [outboundId])).has(outboundId)) return
  await deliverOne(deps, outboundId)
}

const BATCH_RULES: BatchRules = {
  pacingMs: PACING_MS,
  inDoubtMs: IN_DOUBT_MS,
  windowMs: WINDOW_MS,
  attemptLockPrefix: ATTEMPT_LOCK_PREFIX,
  recipientLockPrefix: RECIPIENT_LOCK_PREFIX,
  backoffMs,
}

/** One batch (send-batch.ts), `ownIds` first; returns the messages it settled. */
export async function deliverInBatch(
  deps: SendDeps,
  config: GraphConfig,
  ownIds: readonly number[],
): Promise<Set<number>> {
  const client = await deps.db.connect()
  let broken = false
  try {
    return await sendBatch({ ...deps, config }, client, ownIds, BATCH_RULES)
  } catch (error) {
    broken = true
    throw error
  } finally {
    // On an error the connection is closed rather than reused: no lock can outlive the batch.
    client.release(broken)
  }
}

/** One message, alone (the simulator, or a message the batch could not send now). */
export async function deliverOne(deps: SendDeps, outboundId: number): Promise<void> {
  const client = await deps.db.connect()
  let broken = false
  try {
    const attemptKey = attemptLockKey(outboundId)
    const { locked, row } = await lockOutboundForAttempt(client, {
      id: outboundId,
      inDoubtMs: IN_DOUBT_MS,
      lockKey: attemptKey,
    })
    if (!locked) {
      // Another attempt is under way (or the sweep is looking): check again shortly.
      await addJob(
        client,
        whatsappSendJob,
        { id: outboundId },
        { key: outboundId, runAt: new Date(Date.now() + 2_000) },
      )
      return
    }
    const held = [attemptKey]
    try {
      await deliverLocked(deps, client, row, held)
    } finally {
      // Every lock this attempt took, in one round trip.
      await unlockSessions(client, held)
    }
  } catch (error) {
    broken = true
    throw error
  } finally {
    // On an error the connection is closed rather than reused: no lock can outlive the attempt.
    client.release(broken)
  }
}

async function deliverLocked(
  deps: SendDeps,
  client: pg.PoolClient,
  row: OutboundRow | null,
  held: string[],
) {
  if (row?.status !== 'queued') return
  const runAt = row.in_doubt_until ?? (row.early ? row.next_attempt_at : null)
  if (runAt) {
    // A retry scheduled later, or a message in doubt waiting for Meta's status callback.
    await addJob(client, whatsappSendJob, { id: row.id }, { key: row.id, runAt })
    return
  }
  if (row.channel === 'simulator') {
    await attempt(deps, client, row, true)
    return
  }
  const recipient = `${RECIPIENT_LOCK_PREFIX}${row.wa_id}`
  await lockForSession(client, recipient)
  held.push(recipient)
  // Read under the recipient's lock: the sends to one person never overlap, so what it says
  // about their earlier messages holds until this attempt ends.
  const state = await recipientState(client, {
    id: row.id,
    waIds: waIdForms(row.wa_id),
    windowMs: WINDOW_MS,
  })
  // One person's replies go out in the order they were queued: an earlier one waiting for a
  // retry is not overtaken (ARCHITECTURE §12).
  if (state.aheadDue) {
    const runAt = new Date(state.aheadDue.getTime() + PACING_MS)
    await addJob(client, whatsappSendJob, { id: row.id }, { key: row.id, runAt })
    return
  }
  // The schedule spaces messages PACING_MS apart, but a job that ran late can bring its send
  // close to the next one's: the gap is kept on actual sends too.
  const next = state.lastSentAt ? state.lastSentAt.getTime() + PACING_MS : 0
  if (next > Date.now()) {
    await addJob(client, whatsappSendJob, { id: row.id }, { key: row.id, runAt: new Date(next) })
    return
  }
  await attempt(deps, client, row, state.windowOpen)
}

/** `windowOpen`: the person wrote to us within WINDOW_MS (read under the recipient's lock). */
async function attempt(
  deps: SendDeps,
  db: pg.PoolClient,
  row: OutboundRow,
  windowOpen: boolean,
): Promise<void> {
  const { env, log, policy } = deps
  const logFields = { outboundId: row.id, waId: maskWaId(row.wa_id), channel: row.channel }
  const parsed = outboundPayloadSchema.safeParse(row.payload)
  if (!parsed.success) {
    await markFailed(deps, db, row, null, 'INVALID_PAYLOAD', 'conteúdo da mensagem inválido')
    return
  }
  const config = graphConfig(env)
  if (row.channel === 'simulator' || !config) {
    await markDeliveredToSimulator(db, row.id)
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
  if (message.kind !== 'template' && !windowOpen) {
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
    await switchToFallback(db, { id: row.id, fallback })
    message = fallback
  }

  const attempts = (await markAttemptStarted(db, row.id)) ?? row.attempts + 1
  const result = await callMeta(db, config, { id: row.id, waId: row.wa_id, message })
  const decision = decideAfterCall(result, {
    messageKind: message.kind,
    hasFallback: Boolean(fallback),
    attempts,
    maxAttempts: policy.maxAttempts,
    backoffMs: (retryAfterMs) => backoffMs(policy, attempts, retryAfterMs),
  })
  if (decision.kind === 'sent') {
    await markSent(db, { id: row.id, wamid: decision.wamid })
    log.info({ ...logFields, attempts, kind: message.kind }, 'whatsapp message sent')
    return
  }
  if (decision.kind === 'retry') {
    if (decision.fallback && fallback) await switchToFallback(db, { id: row.id, fallback })
    await reschedule(deps, db, row, attempts, decision.failure, decision.delayMs)
    return
  }
  const { code, reason } = decision.failure
  await markFailed(deps, db, row, code, decision.why, reason, attempts)
}

async function reschedule(
  { log }: SendDeps,
  db: pg.PoolClient,
  row: OutboundRow,
  attempts: number,
  result: Extract<GraphResult, { ok: false }>,
  delayMs: number,
) {
  await inTransaction(db, async (tx) => {
    const runAt = await scheduleRetry(tx, {
      id: row.id,
      reason: result.reason,
      code: result.code,
      delayMs,
    })
    await addJob(tx, whatsappSendJob, { id: row.id }, { key: row.id, runAt })
  })
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
  await markOutboundFailed(tx, { id: row.id, attempts, code, error: `${reason}: ${detail}` })
  log.warn(
    { outboundId: row.id, waId: maskWaId(row.wa_id), attempts, code, reason },
    'whatsapp message failed',
  )
}
