import { randomUUID } from 'node:crypto'
import type {
  SimulatorConversation,
  SimulatorMessage,
  SimulatorMessageInput,
} from '@equilibrai/shared'
import type { Db } from '../platform/index.ts'
import { receive, simulatorWaId } from '../messaging/index.ts'

/*
 * The simulator: a WhatsApp conversation without Meta, for the signed-in account (the
 * /simulador page and `npm run cli -- chat`). Its messages enter the same inbox as the
 * webhook's, in WhatsApp's own message shape, and its replies are the outbox rows of channel
 * 'simulator'. Nothing here shortcuts the pipeline.
 */

/** Puts a message from the account into the inbox; its reply arrives in the conversation. */
export async function postSimulatorMessage(
  db: Db,
  { userId, input }: { userId: string; input: SimulatorMessageInput },
): Promise<{ messageId: string }> {
  const messageId = `sim.${randomUUID()}`
  const payload =
    'text' in input
      ? { type: 'text', text: { body: input.text } }
      : {
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: input.button },
        }
  await receive(db, [
    {
      messageId,
      channel: 'simulator',
      waId: simulatorWaId(userId),
      userId,
      type: payload.type,
      payload: { id: messageId, from: simulatorWaId(userId), ...payload },
      sentAt: null,
    },
  ])
  return { messageId }
}

type Row = {
  key: string
  from: 'user' | 'assistant'
  payload: Record<string, unknown> | null
  type: string
  at: Date
  status: string | null
  pending: boolean
}

function userText(type: string, payload: Record<string, unknown> | null): string {
  const p = (payload ?? {}) as {
    text?: { body?: string }
    interactive?: { button_reply?: { title?: string } }
  }
  if (type === 'text') return p.text?.body ?? ''
  if (type === 'interactive') return p.interactive?.button_reply?.title ?? ''
  return `[${type}]`
}

function assistantMessage(payload: Record<string, unknown> | null) {
  const message = (payload as { message?: Record<string, unknown> } | null)?.message
  if (!message) return { text: '(mensagem apagada)', buttons: [] }
  if (message.kind === 'document' && typeof message.document_id === 'number') {
    // A file (the PDF statement): its caption, and the link that downloads the stored file.
    const filename = typeof message.filename === 'string' ? message.filename : 'arquivo'
    return {
      text: typeof message.caption === 'string' && message.caption ? message.caption : filename,
      buttons: [],
      document: { filename, url: simulatorDocumentUrl(message.document_id) },
    }
  }
  const buttons = Array.isArray(message.buttons)
    ? (message.buttons as Array<{ id: string; title: string }>)
    : []
  const text =
    typeof message.text === 'string'
      ? message.text
      : typeof message.name === 'string'
        ? `[modelo ${message.name}]`
        : ''
  return { text, buttons }
}

/** Where the simulator page downloads a document the assistant sent. */
export const simulatorDocumentUrl = (documentId: number) => `/api/simulator/documents/${documentId}`

/** The account's simulator conversation, the latest `limit` messages, oldest first. */
export async function simulatorConversation(
  db: Db,
  { userId, limit = 100 }: { userId: string; limit?: number },
): Promise<SimulatorConversation> {
  const { rows } = await db.query<Row>(
    `select * from (
       (select 'in-' || id as key, 'user' as "from", payload, type, received_at as at,
               null::text as status, processed_at is null as pending
          from whatsapp_inbound
         where user_id = $1 and channel = 'simulator'
         order by received_at desc limit $2)
       union all
       (select 'out-' || id, 'assistant', payload, kind, created_at, status, status = 'queued'
          from whatsapp_outbound
         where user_id = $1 and channel = 'simulator'
         order by created_at desc limit $2)
     ) m order by at desc limit $2`,
    [userId, limit],
  )
  const messages: SimulatorMessage[] = rows.reverse().map((row) => {
    const base = { id: row.key, at: row.at.toISOString(), status: row.status }
    if (row.from === 'user') {
      return { ...base, from: 'user', text: userText(row.type, row.payload), buttons: [] }
    }
    return { ...base, from: 'assistant', ...assistantMessage(row.payload) }
  })
  return { messages, pending: rows.some((r) => r.pending) }
}

export type SimulatorReply = {
  text: string
  buttons: Array<{ id: string; title: string }>
  document?: { filename: string; url: string }
}

/**
 * The reply to a simulator message once it has been delivered, or null after `timeoutMs`
 * (the CLI waits on it; the page polls the conversation instead).
 */
export async function waitForReply(
  db: Db,
  { messageId, timeoutMs = 30_000 }: { messageId: string; timeoutMs?: number },
): Promise<SimulatorReply | null> {
  const deadline = Date.now() + timeoutMs
  for (let wait = 20; Date.now() < deadline; wait = Math.min(wait * 2, 200)) {
    const { rows } = await db.query<{ payload: Record<string, unknown> | null }>(
      `select payload from whatsapp_outbound
        where idempotency_key = $1 and status in ('delivered', 'read', 'sent')`,
      [`${messageId}:reply`],
    )
    const row = rows[0]
    if (row) return assistantMessage(row.payload)
    await new Promise((resolve) => setTimeout(resolve, wait))
  }
  return null
}

/** Clears the account's simulator conversation. */
export async function clearSimulatorConversation(db: Db, { userId }: { userId: string }) {
  await db.query(
    `delete from whatsapp_outbound where user_id = $1 and channel = 'simulator' and status <> 'queued'`,
    [userId],
  )
  await db.query(
    `delete from whatsapp_inbound where user_id = $1 and channel = 'simulator' and processed_at is not null`,
    [userId],
  )
}
