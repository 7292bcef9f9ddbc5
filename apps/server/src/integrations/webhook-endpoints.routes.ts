import type { AppDeps } from '../tenancy/index.ts'
import { WEBHOOK_EVENT_TYPES, webhookEndpointCreateSchema } from '@equilibrai/shared'
import { Hono } from 'hono'
import { requireFeature } from '../tenancy/index.ts'
import { type LedgerBindings, requireLedgerCaller } from '../tenancy/index.ts'
import { apiDoc } from '../platform/index.ts'
import {
  testEventDoc,
  webhookDeliveryListDoc,
  webhookEndpointDoc,
  webhookEndpointListDoc,
  webhookEndpointWithSecretDoc,
} from '../platform/index.ts'
import { webhookEndpointHandlers } from './webhook-endpoints.handlers.ts'

const tag = 'Webhooks'
const feature = 'integrações_personalizadas' as const
const id = { id: 'Id do endpoint' }
const endpointExample = {
  id: 7,
  url: 'https://erp.exemplo.com.br/webhooks/equilibrai',
  events: ['transaction.created', 'transaction.deleted'],
  created_at: '2026-11-10T14:32:05.120Z',
  disabled_at: null,
}
const withSecret = { ...endpointExample, secret: 'whsec_3q2-7wEXAMPLEsecretOnlyShownHere' }

/**
 * /api/v1/webhook-endpoints (ARCHITECTURE §8, integrações_personalizadas): endpoints of the
 * caller's ledger, their delivery log, a test event and secret rotation.
 */
export function webhookEndpointsRoutes(deps: AppDeps) {
  const h = webhookEndpointHandlers(deps)
  const guard = [requireLedgerCaller(deps), requireFeature(deps, feature)] as const
  return new Hono<LedgerBindings>()
    .use('/v1/webhook-endpoints', ...guard)
    .use('/v1/webhook-endpoints/*', ...guard)
    .post(
      '/v1/webhook-endpoints',
      apiDoc({
        tag,
        feature,
        summary: 'Cadastra um endpoint de webhook',
        description: `Eventos: ${WEBHOOK_EVENT_TYPES.map((e) => `\`${e}\``).join(', ')}. Fora do ambiente de desenvolvimento, só URLs https que resolvem para endereços públicos. A resposta traz o \`secret\` que assina as entregas.`,
        body: webhookEndpointCreateSchema,
        bodyExample: { url: endpointExample.url, events: endpointExample.events },
        response: { status: 201, schema: webhookEndpointWithSecretDoc, example: withSecret },
      }),
      h.create,
    )
    .get(
      '/v1/webhook-endpoints',
      apiDoc({
        tag,
        feature,
        summary: 'Lista os endpoints de webhook',
        response: { schema: webhookEndpointListDoc, example: { data: [endpointExample] } },
      }),
      h.list,
    )
    .get(
      '/v1/webhook-endpoints/:id',
      apiDoc({
        tag,
        feature,
        summary: 'Mostra um endpoint',
        params: id,
        errors: [404],
        response: { schema: webhookEndpointDoc, example: endpointExample },
      }),
      h.get,
    )
    .delete(
      '/v1/webhook-endpoints/:id',
      apiDoc({
        tag,
        feature,
        summary: 'Remove um endpoint (e seu histórico de entregas)',
        params: id,
        errors: [404],
        response: { status: 204, description: 'Removido' },
      }),
      h.remove,
    )
    .post(
      '/v1/webhook-endpoints/:id/rotate-secret',
      apiDoc({
        tag,
        feature,
        summary: 'Gera um novo segredo de assinatura',
        description:
          'O segredo anterior deixa de valer na hora. Também reativa um endpoint desativado por falhas.',
        params: id,
        post: true,
        errors: [404],
        response: { schema: webhookEndpointWithSecretDoc, example: withSecret },
      }),
      h.rotateSecret,
    )
    .post(
      '/v1/webhook-endpoints/:id/test',
      apiDoc({
        tag,
        feature,
        summary: 'Envia um evento de teste',
        description: 'Um evento `webhook.test`, assinado e reenviado como qualquer outro.',
        params: id,
        post: true,
        errors: [404],
        response: {
          status: 202,
          description: 'Evento criado; a entrega segue pela fila',
          schema: testEventDoc,
          example: { event_id: 'evt_4f1c0a9e8b7d6c5e4f3a2b1c0d9e8f7a' },
        },
      }),
      h.sendTest,
    )
    .get(
      '/v1/webhook-endpoints/:id/deliveries',
      apiDoc({
        tag,
        feature,
        summary: 'Histórico de entregas do endpoint',
        description: 'As 100 entregas mais recentes, da mais nova para a mais antiga.',
        params: id,
        errors: [404],
        response: {
          schema: webhookDeliveryListDoc,
          example: {
            data: [
              {
                event_id: 'evt_4f1c0a9e8b7d6c5e4f3a2b1c0d9e8f7a',
                type: 'transaction.created',
                status: 'succeeded',
                attempts: 2,
                last_status_code: 200,
                created_at: '2026-11-10T14:32:05.120Z',
              },
            ],
          },
        },
      }),
      h.deliveries,
    )
}
