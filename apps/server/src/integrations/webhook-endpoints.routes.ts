import {
  type AppDeps,
  requireFeature,
  type LedgerBindings,
  requireLedgerCaller,
} from '../tenancy/index.ts'
import {
  WEBHOOK_EVENT_TYPES,
  webhookDeliveryListExample,
  webhookDeliveryListSchema,
  webhookEndpointCreateSchema,
  webhookEndpointExample as endpointExample,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretExample as withSecret,
  webhookEndpointWithSecretSchema,
  webhookTestEventExample,
  webhookTestEventSchema,
} from '@equilibrai/shared'
import { Hono } from 'hono'
import { apiDoc } from '../platform/index.ts'
import { webhookEndpointHandlers } from './webhook-endpoints.handlers.ts'

const tag = 'Webhooks'
const feature = 'integrações_personalizadas' as const
const id = { id: 'Id do endpoint' }

const keptAfterDowngrade =
  'Continua disponível quando o plano perde `integrações_personalizadas` (as entregas param), para que o titular possa revisar e remover os endpoints.'

/**
 * /api/v1/webhook-endpoints (ARCHITECTURE §8, §12, integrações_personalizadas): endpoints of the
 * caller's ledger, their delivery log, a test event and secret rotation. An endpoint belongs to
 * its creator: the ledger's owner sees and deletes all of the ledger's, a member only their own
 * (webhook-endpoints.handlers.ts). Listing, reading and deleting stay open after a downgrade
 * (no 403), so an owner can clean up; everything else needs the feature.
 */
export function webhookEndpointsRoutes(deps: AppDeps) {
  const h = webhookEndpointHandlers(deps)
  const caller = requireLedgerCaller(deps)
  const gate = requireFeature(deps, feature)
  return new Hono<LedgerBindings>()
    .use('/v1/webhook-endpoints', caller)
    .use('/v1/webhook-endpoints/*', caller)
    .post(
      '/v1/webhook-endpoints',
      gate,
      apiDoc({
        tag,
        feature,
        summary: 'Cadastra um endpoint de webhook',
        description: `Eventos: ${WEBHOOK_EVENT_TYPES.map((e) => `\`${e}\``).join(', ')}. Fora do ambiente de desenvolvimento, só URLs https que resolvem para endereços públicos. A resposta traz o \`secret\` que assina as entregas.`,
        body: webhookEndpointCreateSchema,
        bodyExample: { url: endpointExample.url, events: endpointExample.events },
        response: { status: 201, schema: webhookEndpointWithSecretSchema, example: withSecret },
      }),
      h.create,
    )
    .get(
      '/v1/webhook-endpoints',
      apiDoc({
        tag,
        summary: 'Lista os endpoints de webhook',
        description: `O titular da conta vê todos os endpoints da conta (com quem cadastrou cada um); um membro da equipe, só os seus. ${keptAfterDowngrade}`,
        response: { schema: webhookEndpointListSchema, example: { data: [endpointExample] } },
      }),
      h.list,
    )
    .get(
      '/v1/webhook-endpoints/:id',
      apiDoc({
        tag,
        summary: 'Mostra um endpoint',
        description: keptAfterDowngrade,
        params: id,
        errors: [404],
        response: { schema: webhookEndpointSchema, example: endpointExample },
      }),
      h.get,
    )
    .delete(
      '/v1/webhook-endpoints/:id',
      apiDoc({
        tag,
        summary: 'Remove um endpoint (e seu histórico de entregas)',
        description: `O titular pode remover qualquer endpoint da conta; um membro, só os que cadastrou. ${keptAfterDowngrade}`,
        params: id,
        errors: [404],
        response: { status: 204, description: 'Removido' },
      }),
      h.remove,
    )
    .post(
      '/v1/webhook-endpoints/:id/rotate-secret',
      gate,
      apiDoc({
        tag,
        feature,
        summary: 'Gera um novo segredo de assinatura',
        description:
          'Só quem cadastrou o endpoint. O segredo anterior deixa de valer na hora. Também reativa um endpoint desativado por falhas.',
        params: id,
        post: true,
        errors: [404],
        response: { schema: webhookEndpointWithSecretSchema, example: withSecret },
      }),
      h.rotateSecret,
    )
    .post(
      '/v1/webhook-endpoints/:id/test',
      gate,
      apiDoc({
        tag,
        feature,
        summary: 'Envia um evento de teste',
        description:
          'Um evento `webhook.test`, assinado e reenviado como qualquer outro. Só quem cadastrou o endpoint; até 10 a cada 10 minutos por pessoa (429 com Retry-After além disso).',
        params: id,
        post: true,
        errors: [404],
        response: {
          status: 202,
          description: 'Evento criado; a entrega segue pela fila',
          schema: webhookTestEventSchema,
          example: webhookTestEventExample,
        },
      }),
      h.sendTest,
    )
    .get(
      '/v1/webhook-endpoints/:id/deliveries',
      gate,
      apiDoc({
        tag,
        feature,
        summary: 'Histórico de entregas do endpoint',
        description: 'As 100 entregas mais recentes, da mais nova para a mais antiga.',
        params: id,
        errors: [404],
        response: { schema: webhookDeliveryListSchema, example: webhookDeliveryListExample },
      }),
      h.deliveries,
    )
}
