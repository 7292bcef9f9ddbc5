import { type Db, type Env, type Queryable, withTransaction } from '../platform/index.ts'
import { findLinkByUser } from './links.queries.ts'
import { type OutboundMessage, type TemplateMessage, textMessage } from './messages.ts'
import { enqueueOutbound } from './sender.ts'
import { isWhatsAppConfigured, simulatorWaId } from './whatsapp-config.ts'

/**
 * Proactive messages (bill reminders, alerts) to an account, through the one sender. Within 24
 * hours of the person's last message the text goes as is; after that only `template` can go
 * (an approved template, see templates.ts); without one the message is marked failed with
 * OUTSIDE_24H_WINDOW. Without WhatsApp configured it goes to the account's simulator.
 *
 * Returns null when the account has no linked number (nothing is queued).
 */
export type Notification = {
  userId: string
  /** One event, one key ('bill:42:reminder'): calling again sends nothing more. */
  idempotencyKey: string
  text: string
  template?: TemplateMessage
}

export async function notifyUser(
  db: Db,
  env: Env,
  input: Notification,
): Promise<{ id: number; created: boolean } | null> {
  return withTransaction(db, (tx) => queueNotification(tx, env, input))
}

/** notifyUser inside the caller's transaction: the message is queued iff the caller commits. */
export async function queueNotification(
  tx: Queryable,
  env: Env,
  input: Notification,
): Promise<{ id: number; created: boolean } | null> {
  const message: OutboundMessage = textMessage(input.text)
  if (!isWhatsAppConfigured(env)) {
    return enqueueOutbound(tx, {
      idempotencyKey: input.idempotencyKey,
      channel: 'simulator',
      waId: simulatorWaId(input.userId),
      userId: input.userId,
      message,
    })
  }
  const link = await findLinkByUser(tx, { userId: input.userId })
  if (!link) return null
  return enqueueOutbound(tx, {
    idempotencyKey: input.idempotencyKey,
    channel: 'whatsapp',
    waId: link.waId,
    userId: input.userId,
    message,
    ...(input.template ? { fallback: input.template } : {}),
  })
}
