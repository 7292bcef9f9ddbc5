import { timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { z } from 'zod'
import { type AppBindings, errorBody, withTransaction } from '../../platform/index.ts'
import type { AppDeps } from '../../tenancy/index.ts'
import { webhookSecret } from './aggregator-registry.ts'
import { addHints, connectionByItem, firstSeenEvent } from './connections.queries.ts'
import { queueSync } from './open-finance.run.ts'

/*
 * POST /api/webhooks/pluggy (ARCHITECTURE §11). Pluggy does not sign its webhooks, so the URL
 * we register carries a secret of ours (`?secret=`, or the `X-Webhook-Secret` header); events
 * without it are ignored (401). Each event id is applied once, and events are hints: they
 * queue a sync that re-reads the item from the aggregator (changed and deleted transactions are
 * remembered for it). Anything malformed answers below 500.
 */

const eventSchema = z.looseObject({
  event: z.string().min(1).max(100),
  eventId: z.string().min(1).max(200),
  itemId: z.string().min(1).max(200).optional(),
  accountId: z.string().min(1).max(200).optional(),
  transactionIds: z.array(z.string().min(1).max(200)).max(10_000).optional(),
})

function sameSecret(given: string | undefined, expected: string) {
  if (!given) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function pluggyWebhookRoutes(deps: AppDeps) {
  const { db, env } = deps
  return new Hono<AppBindings>().post('/webhooks/pluggy', async (c) => {
    const given = c.req.query('secret') ?? c.req.header('x-webhook-secret')
    if (!sameSecret(given, webhookSecret(env))) {
      return c.json(errorBody('UNAUTHORIZED', 'Webhook sem o segredo esperado: ignorado.'), 401)
    }
    let raw: unknown
    try {
      raw = await c.req.json()
    } catch {
      return c.json(errorBody('INVALID_JSON', 'JSON inválido.'), 400)
    }
    const parsed = eventSchema.safeParse(raw)
    if (!parsed.success) {
      return c.json(errorBody('VALIDATION_ERROR', 'Evento do agregador sem event/eventId.'), 400)
    }
    const e = parsed.data
    const result = await withTransaction(db, async (tx) => {
      if (!(await firstSeenEvent(tx, e.eventId))) return 'duplicate'
      if (!e.itemId) return 'ignored'
      const conn = await connectionByItem(tx, { itemId: e.itemId })
      if (!conn) return 'ignored'
      if (
        (e.event === 'transactions/updated' || e.event === 'transactions/deleted') &&
        e.accountId &&
        e.transactionIds
      ) {
        await addHints(tx, {
          connectionId: conn.id,
          remoteAccountId: e.accountId,
          remoteIds: e.transactionIds,
        })
      }
      await queueSync(tx, conn.id)
      return 'queued'
    })
    return c.json({ received: true, result })
  })
}
