import type { AppDeps } from '../tenancy/index.ts'
import { simulatorMessageSchema } from '@equilibrai/shared'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { type AppBindings, ForbiddenError, NotFoundError, parseBody } from '../platform/index.ts'
import { type AuthedVariables, hasRole, requireUser } from '../accounts/index.ts'
import {
  clearSimulatorConversation,
  postSimulatorMessage,
  simulatorConversation,
} from './simulator.ts'
import { getDocument, isWhatsAppConfigured } from '../messaging/index.ts'

/**
 * The simulator's conversation for the signed-in account: POST /api/simulator/messages puts a
 * message into the same inbox as the webhook (202: the reply comes through the pipeline), GET
 * reads the conversation (the page polls it), DELETE clears it. Open to everyone while WhatsApp
 * is not configured, and to admins always.
 */
export function whatsappSimulatorRoutes(deps: AppDeps) {
  const { db, env } = deps
  const configured = isWhatsAppConfigured(env)
  const simulatorAllowed = createMiddleware<{ Variables: AuthedVariables }>(async (c, next) => {
    if (configured && !hasRole(c.get('user'), 'admin')) {
      throw new ForbiddenError(
        'O simulador fica disponível só quando o WhatsApp não está configurado.',
      )
    }
    await next()
  })
  const user = requireUser(deps)
  return (
    new Hono<AppBindings>()
      .get('/simulator/messages', user, simulatorAllowed, async (c) => {
        return c.json(await simulatorConversation(db, { userId: c.get('user').id }))
      })
      .post('/simulator/messages', user, simulatorAllowed, async (c) => {
        const input = await parseBody(c, simulatorMessageSchema)
        const { messageId } = await postSimulatorMessage(db, { userId: c.get('user').id, input })
        return c.json({ id: messageId }, 202)
      })
      // A document the assistant sent (the PDF statement), while it is kept (30 days).
      .get('/simulator/documents/:id', user, simulatorAllowed, async (c) => {
        const raw = c.req.param('id')
        const doc = /^[1-9]\d{0,14}$/.test(raw)
          ? await getDocument(db, { id: Number(raw), userId: c.get('user').id })
          : null
        if (!doc) throw new NotFoundError('Arquivo não encontrado.')
        return c.body(new Uint8Array(doc.content), 200, {
          'Content-Type': doc.mime_type,
          'Content-Disposition': `attachment; filename="${doc.filename}"`,
          'Cache-Control': 'private, no-store',
        })
      })
      .delete('/simulator/messages', user, simulatorAllowed, async (c) => {
        await clearSimulatorConversation(db, { userId: c.get('user').id })
        return c.json({ ok: true })
      })
  )
}
