import { simulatorMessageSchema } from '@equilibrai/shared'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppBindings, AppDeps } from '../../http/app-types.ts'
import { type AuthedVariables, hasRole, requireUser } from '../../http/auth-guards.ts'
import { ForbiddenError } from '../../errors.ts'
import { parseBody } from '../../http/parse.ts'
import {
  clearSimulatorConversation,
  postSimulatorMessage,
  simulatorConversation,
} from '../../whatsapp/simulator.ts'
import { isWhatsAppConfigured } from '../../whatsapp/whatsapp-config.ts'

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
  return new Hono<AppBindings>()
    .get('/simulator/messages', user, simulatorAllowed, async (c) => {
      return c.json(await simulatorConversation(db, { userId: c.get('user').id }))
    })
    .post('/simulator/messages', user, simulatorAllowed, async (c) => {
      const input = await parseBody(c, simulatorMessageSchema)
      const { messageId } = await postSimulatorMessage(db, { userId: c.get('user').id, input })
      return c.json({ id: messageId }, 202)
    })
    .delete('/simulator/messages', user, simulatorAllowed, async (c) => {
      await clearSimulatorConversation(db, { userId: c.get('user').id })
      return c.json({ ok: true })
    })
}
