import type { Queryable } from '../platform/index.ts'
import { documentMediaId } from './documents.ts'
import { type GraphConfig, type GraphResult, postMessage } from './graph-api.ts'
import type { OutboundMessage } from './messages.ts'
import { callbackData } from './outbox.queries.ts'

/*
 * One call to Meta for an outbound message, and what its answer decides (ADR 008): the single
 * send (sender.ts) and the batch (send-batch.ts) both call and decide here, and differ only in
 * how they write the decision down (one message's statements, or one statement for the batch).
 */

/** Sends `message` to `waId`; a document is uploaded first (once: the media id is kept for retries). */
export async function callMeta(
  db: Queryable,
  config: GraphConfig,
  { id, waId, message }: { id: number; waId: string; message: OutboundMessage },
): Promise<GraphResult> {
  const media =
    message.kind === 'document' ? await documentMediaId(db, config, message.document_id) : null
  if (media && !media.ok) return media
  return postMessage(config, waId, message, callbackData(id), media?.mediaId)
}

type Failure = Extract<GraphResult, { ok: false }>

export type CallDecision =
  | { kind: 'sent'; wamid: string }
  /** Try again after `delayMs`; `fallback`: with the message's approved template. */
  | { kind: 'retry'; failure: Failure; delayMs: number; fallback: boolean }
  | { kind: 'failed'; failure: Failure; why: 'OUTSIDE_24H_WINDOW' | 'MAX_ATTEMPTS' | 'REJECTED' }

/** What Meta's answer to attempt number `attempts` decides. */
export function decideAfterCall(
  result: GraphResult,
  p: {
    messageKind: string
    hasFallback: boolean
    attempts: number
    maxAttempts: number
    backoffMs: (retryAfterMs: number | null) => number
  },
): CallDecision {
  if (result.ok) return { kind: 'sent', wamid: result.wamid }
  if (result.windowClosed && p.messageKind !== 'template' && p.hasFallback) {
    // Meta says the window is closed (its clock wins): the template goes out next.
    return { kind: 'retry', failure: result, delayMs: 0, fallback: true }
  }
  if (result.retryable && p.attempts < p.maxAttempts) {
    return {
      kind: 'retry',
      failure: result,
      delayMs: p.backoffMs(result.retryAfterMs),
      fallback: false,
    }
  }
  const why = result.windowClosed
    ? 'OUTSIDE_24H_WINDOW'
    : result.retryable
      ? 'MAX_ATTEMPTS'
      : 'REJECTED'
  return { kind: 'failed', failure: result, why }
}
