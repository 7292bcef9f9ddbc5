import type pg from 'pg'
import { unlockSessions, type Logger } from '../platform/index.ts'
import type { GraphConfig, GraphResult } from './graph-api.ts'
import { outboundPayloadSchema } from './messages.ts'
import {
  type StartedAttempt,
  type SendOutcome,
  claimHeads,
  recordBatchResults,
  startBatchAttempts,
} from './outbox-batch.queries.ts'
import { maskWaId, waIdForms } from './phone.ts'
import { callMeta, decideAfterCall } from './send-call.ts'
import { whatsappSendJob } from './whatsapp.jobs.ts'
import type { SendPolicy } from './sender.ts'

/*
 * Sends in batches (ADR 008, 2026-11-26 "sends in batches"): a whatsapp_send job takes the
 * heads of up to SEND_BATCH different recipients' queues that are due — its own message first —
 * and sends them together: locks and claim in one statement, attempts started in one, the calls
 * to Meta at the same time, the results recorded in one, the locks released in one. The rules
 * of a single send hold for each message (sender.ts): sent only while 'queued' under its attempt
 * lock, one send at a time per recipient under the recipient's lock, in order and PACING_MS
 * apart, the fallback template outside the 24-hour window, retries with backoff per message, a
 * crash between "started" and "sent" leaving each message in doubt. The claimed messages' own
 * jobs are removed in the statement that starts their attempts (so a crash after it leaves
 * them to the recovery sweep, as any message without a job).
 */

/** Recipients sent to together by one job: Meta's calls run at the same time. */
export const SEND_BATCH = 50

export type BatchRules = {
  pacingMs: number
  inDoubtMs: number
  windowMs: number
  attemptLockPrefix: string
  recipientLockPrefix: string
  backoffMs: (policy: SendPolicy, attempts: number, retryAfterMs: number | null) => number
}

type BatchDeps = { log: Logger; policy: SendPolicy; config: GraphConfig }

const CLOSED_ERROR = 'OUTSIDE_24H_WINDOW: fora da janela de 24 horas e sem modelo aprovado'

/**
 * One batch on `client`, the job's messages `ownIds` first. Returns the messages it settled
 * (sent, retried, failed); one of `ownIds` missing was not sendable now (not due, in doubt,
 * behind an earlier message, paced, locked by another attempt, already done): the single
 * send's path then decides about it as before.
 */
export async function sendBatch(
  deps: BatchDeps,
  client: pg.PoolClient,
  ownIds: readonly number[],
  rules: BatchRules,
): Promise<Set<number>> {
  const heads = await claimHeads(client, {
    firstIds: ownIds,
    limit: SEND_BATCH,
    pacingMs: rules.pacingMs,
    inDoubtMs: rules.inDoubtMs,
    attemptLockPrefix: rules.attemptLockPrefix,
    recipientLockPrefix: rules.recipientLockPrefix,
  })
  const held = heads.flatMap((h) => [
    ...(h.attempt_locked ? [`${rules.attemptLockPrefix}${h.id}`] : []),
    ...(h.recipient_locked ? [`${rules.recipientLockPrefix}${h.wa_id}`] : []),
  ])
  try {
    const locked = heads.filter((h) => h.attempt_locked && h.recipient_locked)
    if (locked.length === 0) return new Set()
    const started = await startBatchAttempts(client, {
      messages: locked.map((h) => ({ id: Number(h.id), waIds: waIdForms(h.wa_id) })),
      windowMs: rules.windowMs,
      pacingMs: rules.pacingMs,
      inDoubtMs: rules.inDoubtMs,
      ownIds,
      jobKeyPrefix: whatsappSendJob.keyPrefix ?? 'wa-out:',
      closedError: CLOSED_ERROR,
    })
    for (const row of started.filter((r) => r.closed)) {
      deps.log.warn(
        { outboundId: row.id, waId: maskWaId(row.wa_id), code: null, reason: 'OUTSIDE_24H_WINDOW' },
        'whatsapp message failed',
      )
    }
    const sending = started.filter((r) => !r.closed)
    const settled = await Promise.allSettled(sending.map((row) => sendOne(deps, client, row)))
    const outcomes = settled.map((s, i): SendOutcome => {
      const row = sending[i] as StartedAttempt
      if (s.status === 'fulfilled') return outcomeOf(deps, rules, row, s.value)
      deps.log.error(
        { outboundId: row.id, err: s.reason },
        'whatsapp send: unexpected error, the message is in doubt',
      )
      return { id: row.id, kind: 'doubt' }
    })
    await recordBatchResults(client, {
      outcomes,
      inDoubtMs: rules.inDoubtMs,
      job: {
        task: whatsappSendJob.task,
        keyPrefix: whatsappSendJob.keyPrefix ?? 'wa-out:',
        maxAttempts: whatsappSendJob.maxAttempts,
      },
    })
    for (const outcome of outcomes) logOutcome(deps.log, sending, outcome)
    return new Set(started.map((r) => r.id))
  } finally {
    // Every lock the batch took, in one round trip (after the results committed).
    await unlockSessions(client, held)
  }
}

type Sent = { message: { kind: string }; attempts: number; result: GraphResult | 'invalid' }

async function sendOne(
  { config, log }: BatchDeps,
  client: pg.PoolClient,
  row: StartedAttempt,
): Promise<Sent> {
  const attempts = row.attempts ?? 1
  const parsed = outboundPayloadSchema.safeParse(row.payload)
  if (!parsed.success) return { message: { kind: 'unknown' }, attempts, result: 'invalid' }
  const { message } = parsed.data
  if (row.was_in_doubt) {
    log.warn(
      { outboundId: row.id, waId: maskWaId(row.wa_id), channel: 'whatsapp' },
      'whatsapp message in doubt after a crash, no status received: sending again',
    )
  }
  const result = await callMeta(client, config, { id: row.id, waId: row.wa_id, message })
  return { message, attempts, result }
}

/** The single send's decisions (sender.ts attempt()), for one message of the batch. */
function outcomeOf(
  { policy }: BatchDeps,
  rules: BatchRules,
  row: StartedAttempt,
  { message, attempts, result }: Sent,
): SendOutcome {
  if (result === 'invalid') {
    return {
      id: row.id,
      kind: 'failed',
      attempts: attempts - 1,
      code: null,
      error: 'INVALID_PAYLOAD: conteúdo da mensagem inválido',
    }
  }
  const decision = decideAfterCall(result, {
    messageKind: message.kind,
    hasFallback:
      typeof row.payload === 'object' && row.payload !== null && 'fallback' in row.payload,
    attempts,
    maxAttempts: policy.maxAttempts,
    backoffMs: (retryAfterMs) => rules.backoffMs(policy, attempts, retryAfterMs),
  })
  if (decision.kind === 'sent') return { id: row.id, kind: 'sent', wamid: decision.wamid }
  const { status, code, reason } = decision.failure
  if (decision.kind === 'retry') {
    const { delayMs, fallback } = decision
    return { id: row.id, kind: 'retry', delayMs, status, code, reason, fallback }
  }
  return { id: row.id, kind: 'failed', attempts, code, error: `${decision.why}: ${reason}` }
}

function logOutcome(log: Logger, rows: readonly StartedAttempt[], outcome: SendOutcome) {
  const row = rows.find((r) => r.id === outcome.id)
  const fields = {
    outboundId: outcome.id,
    waId: maskWaId(row?.wa_id ?? ''),
    attempts: row?.attempts,
  }
  if (outcome.kind === 'sent') log.info(fields, 'whatsapp message sent')
  else if (outcome.kind === 'retry') {
    log.warn(
      { ...fields, status: outcome.status, code: outcome.code, retryInMs: outcome.delayMs },
      'whatsapp send failed, will retry',
    )
  } else if (outcome.kind === 'failed') {
    log.warn(
      { ...fields, code: outcome.code, reason: outcome.error.split(':')[0] },
      'whatsapp message failed',
    )
  }
}
