import type { AppDeps } from '../tenancy/index.ts'
import { timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import {
  type AppBindings,
  AppError,
  BadRequestError,
  ForbiddenError,
  withoutNul,
} from '../platform/index.ts'
import { groupedInbox } from './grouped-inbox.ts'
import { receive } from './inbox.ts'
import { isValidSignature } from './signature.ts'
import { parseWebhook } from './webhook-payload.ts'

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * GET /api/webhooks/whatsapp: Meta's subscription handshake. POST: signed deliveries — the
 * signature is checked over the raw bytes as received (401, nothing stored, when it fails or no
 * app secret is configured), the messages are stored once with their jobs, and 200 goes back
 * at once; processing happens in the whatsapp_inbound job. Deliveries arriving together share
 * one statement and one commit (grouped-inbox.ts).
 */
export function whatsappWebhookRoutes({ env, db, log }: AppDeps) {
  const inbox = groupedInbox(db)
  return new Hono<AppBindings>()
    .get('/webhooks/whatsapp', (c) => {
      const token = c.req.query('hub.verify_token') ?? ''
      const challenge = c.req.query('hub.challenge') ?? ''
      const verified =
        c.req.query('hub.mode') === 'subscribe' &&
        Boolean(env.WHATSAPP_VERIFY_TOKEN) &&
        sameSecret(token, env.WHATSAPP_VERIFY_TOKEN ?? '') &&
        /^[\w.-]{1,256}$/.test(challenge)
      if (!verified) throw new ForbiddenError('Token de verificação inválido.')
      return c.text(challenge, 200)
    })
    .post('/webhooks/whatsapp', async (c) => {
      const secret = env.WHATSAPP_APP_SECRET
      const raw = new Uint8Array(await c.req.arrayBuffer())
      if (!secret || !isValidSignature(secret, raw, c.req.header('x-hub-signature-256'))) {
        throw new AppError(401, 'INVALID_SIGNATURE', 'Assinatura do webhook inválida.')
      }
      let body: unknown
      try {
        body = JSON.parse(utf8.decode(raw))
      } catch {
        throw new BadRequestError('JSON inválido.', 'INVALID_JSON')
      }
      // U+0000 cannot be stored (PostgreSQL text and jsonb refuse it) and means nothing in a
      // message: it goes, and the rest of the text is kept.
      const events = parseWebhook(withoutNul(body), env.WHATSAPP_PHONE_NUMBER_ID)
      if (!events) throw new BadRequestError('Entrega em formato inesperado.', 'INVALID_WEBHOOK')
      if (events.skipped) {
        log.warn({ skipped: events.skipped }, 'whatsapp webhook: items left out of a delivery')
      }
      const { stored } = await inbox(
        events.messages.map((m) => ({
          messageId: m.messageId,
          channel: 'whatsapp' as const,
          waId: m.waId,
          type: m.type,
          payload: m.payload,
          sentAt: m.sentAt,
        })),
      )
      await receive(db, [], events.statuses)
      return c.json({ received: events.messages.length, stored: stored.length })
    })
}
