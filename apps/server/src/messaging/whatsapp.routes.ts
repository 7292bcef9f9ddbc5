import type { AppDeps } from '../tenancy/index.ts'
import type { WhatsAppLinkCode, WhatsAppLinkState } from '@equilibrai/shared'
import { Hono } from 'hono'
import type { AppBindings } from '../platform/index.ts'
import { hasRole, requireUser } from '../accounts/index.ts'
import { createLinkCode } from './links.ts'
import { findLinkByUser, unlink } from './links.queries.ts'
import { isWhatsAppConfigured, waMeUrl } from './whatsapp-config.ts'

/**
 * Linking a WhatsApp number to the signed-in account: POST /api/whatsapp/link-code gives a
 * code to send as 'vincular <code>' (valid 10 minutes, once); GET /api/whatsapp/link says
 * whether a number is linked; DELETE unlinks it.
 */
export function whatsappRoutes(deps: AppDeps) {
  const { db, env } = deps
  const configured = isWhatsAppConfigured(env)
  return new Hono<AppBindings>()
    .post('/whatsapp/link-code', requireUser(deps), async (c) => {
      const { code, expiresAt } = await createLinkCode(db, { userId: c.get('user').id })
      const body: WhatsAppLinkCode = {
        code,
        expires_at: expiresAt.toISOString(),
        wa_me_url: waMeUrl(env, `vincular ${code}`),
      }
      return c.json(body, 201)
    })
    .get('/whatsapp/link', requireUser(deps), async (c) => {
      const user = c.get('user')
      const link = await findLinkByUser(db, { userId: user.id })
      const body: WhatsAppLinkState = {
        linked: link !== null,
        wa_id: link?.waId ?? null,
        linked_at: link?.linkedAt.toISOString() ?? null,
        whatsapp_configured: configured,
        simulator_available: !configured || hasRole(user, 'admin'),
      }
      return c.json(body)
    })
    .delete('/whatsapp/link', requireUser(deps), async (c) => {
      await unlink(db, { userId: c.get('user').id })
      return c.json({ linked: false, wa_id: null })
    })
}
