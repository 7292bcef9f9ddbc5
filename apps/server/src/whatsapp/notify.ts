import type { Db } from '../db/database.ts'
import type { Env } from '../env.ts'
import { findLinkByUser } from './links.queries.ts'
import { type OutboundMessage, type TemplateMessage, textMessage } from './messages.ts'
import { sendMessage } from './sender.ts'
import { isWhatsAppConfigured, simulatorWaId } from './whatsapp-config.ts'

/**
 * Proactive messages (bill reminders, alerts) to an account, through the one sender. Within 24
 * hours of the person's last message the text goes as is; after that only `template` can go
 * (an approved template, see templates.ts); without one the message is marked failed with
 * OUTSIDE_24H_WINDOW. Without WhatsApp configured it goes to the account's simulator.
 *
 * Returns null when the account has no linked number (nothing is queued).
 */
export async function notifyUser(
  db: Db,
  env: Env,
  input: {
    userId: string
    /** One event, one key ('bill:42:reminder'): calling again sends nothing more. */
    idempotencyKey: string
    text: string
    template?: TemplateMessage
  },
): Promise<{ id: number; created: boolean } | null> {
  const message: OutboundMessage = textMessage(input.text)
  if (!isWhatsAppConfigured(env)) {
    return sendMessage(db, {
      idempotencyKey: input.idempotencyKey,
      channel: 'simulator',
      waId: simulatorWaId(input.userId),
      userId: input.userId,
      message,
    })
  }
  const link = await findLinkByUser(db, { userId: input.userId })
  if (!link) return null
  return sendMessage(db, {
    idempotencyKey: input.idempotencyKey,
    channel: 'whatsapp',
    waId: link.waId,
    userId: input.userId,
    message,
    ...(input.template ? { fallback: input.template } : {}),
  })
}
