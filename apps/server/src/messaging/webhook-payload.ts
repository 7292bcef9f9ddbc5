import { z } from 'zod'

/*
 * The shape of Meta's webhook deliveries, only as far as we use it. Objects are loose: Meta adds
 * fields over time and a new field must never turn a delivery into a 400.
 */

const messageSchema = z.looseObject({
  from: z.string().regex(/^[0-9]{6,15}$/),
  id: z.string().min(1).max(256),
  timestamp: z
    .string()
    .regex(/^[0-9]{1,12}$/)
    .optional(),
  type: z.string().min(1).max(40),
  text: z.looseObject({ body: z.string().max(65_536) }).optional(),
})

const statusSchema = z.looseObject({
  id: z.string().min(1).max(256),
  status: z.string().min(1).max(40),
  biz_opaque_callback_data: z.string().max(512).optional(),
  timestamp: z
    .string()
    .regex(/^[0-9]{1,12}$/)
    .optional(),
  errors: z
    .array(
      z.looseObject({
        code: z.number().optional(),
        title: z.string().optional(),
        message: z.string().optional(),
      }),
    )
    .optional(),
})

/** Items are checked one by one: one bad item is skipped, never the whole delivery. */
const messagesValueSchema = z.looseObject({
  metadata: z.looseObject({ phone_number_id: z.string().optional() }).optional(),
  messages: z.array(z.unknown()).max(1000).optional(),
  statuses: z.array(z.unknown()).max(1000).optional(),
})

export const webhookSchema = z.looseObject({
  object: z.string(),
  entry: z
    .array(
      z.looseObject({
        changes: z.array(z.looseObject({ field: z.string(), value: z.unknown() })).max(1000),
      }),
    )
    .max(1000),
})

export type WebhookMessage = z.infer<typeof messageSchema>

export type ReceivedMessage = {
  messageId: string
  waId: string
  type: string
  /** The message object as Meta sent it. */
  payload: WebhookMessage
  sentAt: Date | null
}

export type StatusUpdate = {
  wamid: string
  status: 'sent' | 'delivered' | 'read' | 'failed'
  at: Date
  errorCode: number | null
  error: string | null
  /** Our biz_opaque_callback_data, echoed by Meta. */
  callbackData: string | null
}

export type WebhookEvents = {
  messages: ReceivedMessage[]
  statuses: StatusUpdate[]
  /** Items left out because they are not a message or status we understand. */
  skipped: number
}

const KNOWN_STATUSES = new Set(['sent', 'delivered', 'read', 'failed'])

function fromEpochSeconds(value: string | undefined): Date | null {
  if (!value) return null
  const ms = Number(value) * 1000
  return Number.isFinite(ms) && ms > 0 ? new Date(ms) : null
}

/**
 * The messages and status callbacks in a delivery, or null when the body is not a delivery we
 * understand (→ 400). Changes for other fields, and for another phone number of the same app,
 * are ignored. A single message or status that does not fit is skipped (counted in `skipped`):
 * a 400 would make Meta redeliver the whole batch, good messages included, again and again.
 */
export function parseWebhook(body: unknown, phoneNumberId?: string): WebhookEvents | null {
  const parsed = webhookSchema.safeParse(body)
  if (!parsed.success) return null
  const events: WebhookEvents = { messages: [], statuses: [], skipped: 0 }
  if (parsed.data.object !== 'whatsapp_business_account') return events
  for (const entry of parsed.data.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue
      const value = messagesValueSchema.safeParse(change.value)
      if (!value.success) return null
      const target = value.data.metadata?.phone_number_id
      if (phoneNumberId && target && target !== phoneNumberId) continue
      for (const item of value.data.messages ?? []) {
        const parsedMessage = messageSchema.safeParse(item)
        if (!parsedMessage.success) {
          events.skipped++
          continue
        }
        const message = parsedMessage.data
        events.messages.push({
          messageId: message.id,
          waId: message.from,
          type: message.type,
          payload: message,
          sentAt: fromEpochSeconds(message.timestamp),
        })
      }
      for (const item of value.data.statuses ?? []) {
        const parsedStatus = statusSchema.safeParse(item)
        if (!parsedStatus.success) {
          events.skipped++
          continue
        }
        const status = parsedStatus.data
        if (!KNOWN_STATUSES.has(status.status)) continue
        const first = status.errors?.[0]
        events.statuses.push({
          wamid: status.id,
          status: status.status as StatusUpdate['status'],
          at: fromEpochSeconds(status.timestamp) ?? new Date(),
          errorCode: first?.code ?? null,
          error: first ? (first.title ?? first.message ?? 'erro').slice(0, 200) : null,
          callbackData: status.biz_opaque_callback_data ?? null,
        })
      }
    }
  }
  return events
}
