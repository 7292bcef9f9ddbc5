import {
  connectionMfaSchema,
  connectTokenRequestSchema,
  createConnectionSchema,
  credentialsSchema,
} from '@equilibrai/shared'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { parseBody, parseQuery, pathId } from '../../platform/index.ts'
import { type AppDeps, type LedgerBindings, requireLedgerCaller } from '../../tenancy/index.ts'
import { connectionDocs as docs } from './connections.docs.ts'
import {
  connect,
  connectionsOf,
  connectToken,
  disconnect,
  listConnectors,
  reconnect,
  sendCode,
  syncNow,
} from './connections.service.ts'
import { ConnectionNotFoundError } from './errors.ts'

type Ctx = Context<LedgerBindings>
const connectionId = (c: Ctx) => pathId(c, () => new ConnectionNotFoundError())
const removeQuery = z.object({ delete_data: z.enum(['true', 'false']).optional() })
const reconnectSchema = z.strictObject({ credentials: credentialsSchema.optional() })

/**
 * /api/v1/connections (ARCHITECTURE §11): the caller's ledger only (another's answers 404);
 * listing for everyone, connecting and syncing on paid plans (403 FEATURE_NOT_IN_PLAN).
 */
export function connectionsRoutes(deps: AppDeps) {
  const { db, env } = deps
  return new Hono<LedgerBindings>()
    .use('/v1/connections', requireLedgerCaller(deps))
    .use('/v1/connections/*', requireLedgerCaller(deps))
    .get('/v1/connections', docs.list, async (c) =>
      c.json({ data: await connectionsOf(db, { ledgerId: c.var.caller.ledgerId }) }),
    )
    .get('/v1/connections/connectors', docs.connectors, async (c) =>
      c.json(await listConnectors({ db, env })),
    )
    .post('/v1/connections/connect-token', docs.connectToken, async (c) => {
      const hasBody = (c.req.header('content-length') ?? '0') !== '0'
      const body = hasBody ? await parseBody(c, connectTokenRequestSchema) : {}
      const caller = c.var.caller
      return c.json(
        await connectToken(
          { db, env },
          { ledger: caller, userId: caller.userId, connectionId: body.connection_id ?? null },
        ),
      )
    })
    .post('/v1/connections', docs.create, async (c) => {
      const input = await parseBody(c, createConnectionSchema)
      const caller = c.var.caller
      const created = await connect({ db, env }, { ledger: caller, userId: caller.userId, input })
      return c.json(created, 201)
    })
    .post('/v1/connections/:id/mfa', docs.mfa, async (c) => {
      const id = connectionId(c)
      const { code } = await parseBody(c, connectionMfaSchema)
      return c.json(await sendCode({ db, env }, { ledger: c.var.caller, connectionId: id, code }))
    })
    .post('/v1/connections/:id/reconnect', docs.reconnect, async (c) => {
      const id = connectionId(c)
      // The body is optional: without one, the bank is asked to update with what it has.
      const hasBody = (c.req.header('content-length') ?? '0') !== '0'
      const body = hasBody ? await parseBody(c, reconnectSchema) : {}
      return c.json(
        await reconnect(
          { db, env },
          { ledger: c.var.caller, connectionId: id, credentials: body.credentials ?? null },
        ),
      )
    })
    .post('/v1/connections/:id/sync', docs.sync, async (c) => {
      const id = connectionId(c)
      return c.json(await syncNow({ db, env }, { ledger: c.var.caller, connectionId: id }), 202)
    })
    .delete('/v1/connections/:id', docs.remove, async (c) => {
      const id = connectionId(c)
      const query = parseQuery(c, removeQuery)
      await disconnect(
        { db, env },
        { ledger: c.var.caller, connectionId: id, deleteData: query.delete_data === 'true' },
      )
      return c.body(null, 204)
    })
}
