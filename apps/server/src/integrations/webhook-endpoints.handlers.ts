import type { AppDeps, LedgerBindings } from '../tenancy/index.ts'
import { webhookEndpointCreateSchema } from '@equilibrai/shared'
import type { Context } from 'hono'
import {
  consumeRateLimit,
  withTransaction,
  NotFoundError,
  parseBody,
  pathId,
  type RateLimitRule,
  RateLimitedError,
} from '../platform/index.ts'
import { newWebhookSecret } from './signature.ts'
import { checkWebhookUrlShape, resolveWebhookTarget, webhookUrlPolicy } from './url-guard.ts'
import {
  deleteEndpoint,
  getEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  rotateEndpointSecret,
} from './webhook-endpoints.queries.ts'
import { emitTestEvent } from '../events/index.ts'

type Ctx = Context<LedgerBindings>

export class WebhookEndpointNotFoundError extends NotFoundError {
  constructor() {
    super('Endpoint de webhook não encontrado.')
  }
}

/**
 * Test events per person (ARCHITECTURE §12): enough to try an endpoint out, not a way to flood
 * one (each test is a signed POST to someone's server and a slot of the webhooks lane).
 */
export const TEST_EVENT_LIMIT: RateLimitRule = { max: 10, windowSeconds: 600 }

const endpointId = (c: Ctx) => pathId(c, () => new WebhookEndpointNotFoundError())

/**
 * The endpoints the caller may see and delete (ARCHITECTURE §12): the ledger's owner every one
 * of the ledger, a member only their own. Others' endpoints answer 404, as if absent.
 */
const visible = (c: Ctx) => {
  const { ledgerId, userId, ownerId } = c.var.caller
  return { ledgerId, userId, all: userId === ownerId }
}
/** Rotating the secret and sending test events: the creator only (they sign for them). */
const ownOnly = (c: Ctx) => ({ ...visible(c), all: false })

export function webhookEndpointHandlers({ db, env }: Pick<AppDeps, 'db' | 'env'>) {
  return {
    /** POST: the URL is checked (and resolved) now and again at every delivery. */
    async create(c: Ctx) {
      const input = await parseBody(c, webhookEndpointCreateSchema)
      const policy = webhookUrlPolicy(env)
      await resolveWebhookTarget(checkWebhookUrlShape(input.url, policy), policy)
      const { ledgerId, userId } = c.var.caller
      const created = await insertEndpoint(db, {
        ledgerId,
        userId,
        url: input.url,
        events: input.events,
        secret: newWebhookSecret(),
      })
      c.header('Cache-Control', 'no-store')
      return c.json(created, 201)
    },

    async list(c: Ctx) {
      return c.json({ data: await listEndpoints(db, visible(c)) })
    },

    async get(c: Ctx) {
      const found = await getEndpoint(db, { ...visible(c), id: endpointId(c) })
      if (!found) throw new WebhookEndpointNotFoundError()
      return c.json(found)
    },

    async remove(c: Ctx) {
      const id = endpointId(c)
      const deleted = await deleteEndpoint(db, { ...visible(c), id })
      if (!deleted) throw new WebhookEndpointNotFoundError()
      return c.body(null, 204)
    },

    /** A new secret, shown once; the old one stops signing at once. */
    async rotateSecret(c: Ctx) {
      const id = endpointId(c)
      const rotated = await rotateEndpointSecret(db, {
        ...ownOnly(c),
        id,
        secret: newWebhookSecret(),
      })
      if (!rotated) throw new WebhookEndpointNotFoundError()
      c.header('Cache-Control', 'no-store')
      return c.json(rotated)
    },

    /** "Enviar evento de teste": a webhook.test event, delivered (and retried) like any other. */
    async sendTest(c: Ctx) {
      const id = endpointId(c)
      const { ledgerId } = c.var.caller
      if (!(await getEndpoint(db, { ...ownOnly(c), id }))) {
        throw new WebhookEndpointNotFoundError()
      }
      const limit = await consumeRateLimit(db, {
        key: `webhook-test:${c.var.caller.userId}`,
        rule: TEST_EVENT_LIMIT,
      })
      if (!limit.allowed) {
        throw new RateLimitedError(
          limit.retryAfterSeconds,
          `Limite de ${TEST_EVENT_LIMIT.max} eventos de teste a cada ${TEST_EVENT_LIMIT.windowSeconds / 60} minutos atingido. Aguarde um pouco para enviar outro.`,
        )
      }
      const eventId = await withTransaction(db, (tx) =>
        emitTestEvent(tx, { ledgerId, endpointId: id }),
      )
      return c.json({ event_id: eventId }, 202)
    },

    async deliveries(c: Ctx) {
      const id = endpointId(c)
      const { ledgerId } = c.var.caller
      if (!(await getEndpoint(db, { ...visible(c), id }))) {
        throw new WebhookEndpointNotFoundError()
      }
      return c.json({ data: await listDeliveries(db, { ledgerId, endpointId: id }) })
    },
  }
}
