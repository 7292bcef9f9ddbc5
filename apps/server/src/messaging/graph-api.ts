import { httpCall } from './graph-http.ts'
import type { OutboundMessage } from './messages.ts'

/**
 * Meta's WhatsApp Cloud API, the one call we make: POST {base}/{phone-number-id}/messages.
 * Errors are sorted here into "try again later" and "will never work", which is what the
 * sender's retry policy needs.
 */

export type GraphConfig = {
  apiBase: string
  phoneNumberId: string
  accessToken: string
  timeoutMs?: number
  /** Connections open at once to the API (graph-http.ts); the most calls that can be open. */
  maxSockets?: number
}

const DEFAULT_MAX_SOCKETS = 64

export type GraphResult =
  | { ok: true; wamid: string }
  | {
      ok: false
      /** Worth trying again later (5xx, network, throughput limits). */
      retryable: boolean
      /** The 24-hour customer service window is closed (131047). */
      windowClosed: boolean
      status: number
      code: number | null
      reason: string
      retryAfterMs: number | null
    }

/** Graph error codes that mean "later": throughput and rate limits, temporary outages. */
const RETRYABLE_CODES = new Set([
  1, // API unknown (transient)
  2, // API service temporarily unavailable
  4, // application request limit reached
  80007, // WhatsApp Business Account rate limit
  130429, // Cloud API throughput limit
  131000, // something went wrong (generic, transient)
  131016, // service unavailable
  131048, // spam rate limit
  131056, // pair rate limit: too many messages to one number
  133004, // server temporarily unavailable
])
const WINDOW_CLOSED = 131047

/** A failure that is not an answer from Meta (network, a missing file). */
export function graphFailure(
  retryable: boolean,
  status: number,
  reason: string,
): Extract<GraphResult, { ok: false }> {
  return {
    ok: false,
    retryable,
    windowClosed: false,
    status,
    code: null,
    reason,
    retryAfterMs: null,
  }
}

/**
 * The request body for one message (messaging_product, recipient, and the message). A document
 * goes by the media id its upload returned (whatsapp/documents.ts).
 */
export function graphMessageBody(
  to: string,
  message: OutboundMessage,
  callbackData?: string,
  mediaId?: string,
): Record<string, unknown> {
  const base = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    // Echoed in the status callbacks for this message (sender.ts: messages in doubt).
    ...(callbackData ? { biz_opaque_callback_data: callbackData } : {}),
  }
  switch (message.kind) {
    case 'text':
      return { ...base, type: 'text', text: { body: message.text, preview_url: false } }
    case 'interactive':
      return {
        ...base,
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: message.text },
          action: {
            buttons: message.buttons.map((b) => ({
              type: 'reply',
              reply: { id: b.id, title: b.title },
            })),
          },
        },
      }
    case 'document':
      return {
        ...base,
        type: 'document',
        document: {
          id: mediaId,
          filename: message.filename,
          ...(message.caption ? { caption: message.caption } : {}),
        },
      }
    case 'template':
      return {
        ...base,
        type: 'template',
        template: {
          name: message.name,
          language: { code: message.language },
          ...(message.params.length
            ? {
                components: [
                  {
                    type: 'body',
                    parameters: message.params.map((text) => ({ type: 'text', text })),
                  },
                ],
              }
            : {}),
        },
      }
  }
}

type GraphErrorBody = { error?: { code?: unknown; message?: unknown; error_subcode?: unknown } }

/** Sorts a failed answer: retry or give up, and why (never the message text). */
export function classifyGraphError(
  status: number,
  body: unknown,
  retryAfter: string | null,
): Extract<GraphResult, { ok: false }> {
  const error = (body as GraphErrorBody | null)?.error
  const code = typeof error?.code === 'number' ? error.code : null
  const message = typeof error?.message === 'string' ? error.message.slice(0, 200) : ''
  const retryAfterSeconds = retryAfter ? Number(retryAfter) : Number.NaN
  const retryable =
    code === WINDOW_CLOSED
      ? false
      : code !== null && RETRYABLE_CODES.has(code)
        ? true
        : status === 429 || status >= 500
  return {
    ok: false,
    retryable,
    windowClosed: code === WINDOW_CLOSED,
    status,
    code,
    reason: `HTTP ${status}${code !== null ? ` código ${code}` : ''}${message ? `: ${message}` : ''}`,
    retryAfterMs: Number.isFinite(retryAfterSeconds) ? Math.max(0, retryAfterSeconds * 1000) : null,
  }
}

export async function postMessage(
  config: GraphConfig,
  to: string,
  message: OutboundMessage,
  callbackData?: string,
  mediaId?: string,
): Promise<GraphResult> {
  const answer = await httpCall(
    `${config.apiBase.replace(/\/$/, '')}/${config.phoneNumberId}/messages`,
    {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${config.accessToken}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(graphMessageBody(to, message, callbackData, mediaId)),
      timeoutMs: config.timeoutMs ?? 15_000,
      maxSockets: config.maxSockets ?? DEFAULT_MAX_SOCKETS,
    },
  )
  if ('failed' in answer) {
    return graphFailure(
      true,
      0,
      answer.failed === 'timeout' ? 'tempo esgotado' : `rede: ${answer.message}`,
    )
  }
  let body: unknown = null
  try {
    body = answer.text ? JSON.parse(answer.text) : null
  } catch {
    body = null
  }
  if (answer.status >= 200 && answer.status < 300) {
    const wamid = (body as { messages?: Array<{ id?: unknown }> } | null)?.messages?.[0]?.id
    if (typeof wamid === 'string' && wamid) return { ok: true, wamid }
    // A 2xx without a message id: it may have gone out, so sending again could duplicate it.
    return graphFailure(false, answer.status, `HTTP ${answer.status} sem id de mensagem`)
  }
  return classifyGraphError(answer.status, body, answer.retryAfter)
}
