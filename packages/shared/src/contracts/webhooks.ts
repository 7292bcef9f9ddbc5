import { z } from 'zod'
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '../public-api.ts'
import { instant } from './fields.ts'

/** What /api/v1/webhook-endpoints answers (ARCHITECTURE §8, integrações_personalizadas). */

const eventId = z.string().meta({ example: 'evt_4f1c0a9e8b7d6c5e4f3a2b1c0d9e8f7a' })

export const webhookEndpointSchema = z
  .object({
    id: z.number().int(),
    url: z
      .string()
      .meta({ format: 'uri', example: 'https://erp.exemplo.com.br/webhooks/equilibrai' }),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    created_at: instant('2026-11-10T14:32:05.120Z'),
    disabled_at: instant('2026-11-10T14:32:05.120Z').nullable().meta({
      description: 'Preenchido quando o endpoint foi desativado após 3 dias de falhas',
    }),
    created_by: z.object({ id: z.string(), name: z.string() }).nullable().meta({
      description:
        'Quem cadastrou o endpoint (numa equipe, o titular vê os de todos); null se a conta foi excluída. Só recebe eventos enquanto essa pessoa estiver na conta.',
    }),
  })
  .meta({ id: 'WebhookEndpoint' })
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>

/** POST answers (create, rotate-secret) carry the signing secret; lists do not. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({
    secret: z.string().meta({
      description: 'Segredo que assina as entregas (Equilibrai-Signature). Guarde-o.',
      example: 'whsec_3q2-7wEXAMPLEsecretOnlyShownHere',
    }),
  })
  .meta({ id: 'WebhookEndpointWithSecret' })
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>

export const webhookEndpointListSchema = z
  .object({ data: z.array(webhookEndpointSchema) })
  .meta({ id: 'WebhookEndpointList' })
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>

export const webhookDeliveryListSchema = z
  .object({
    data: z.array(
      z.object({
        event_id: eventId,
        type: z.string().meta({ example: 'transaction.created' }),
        status: z.enum(WEBHOOK_DELIVERY_STATUSES),
        attempts: z.number().int(),
        last_status_code: z.number().int().nullable(),
        created_at: instant('2026-11-10T14:32:05.120Z'),
      }),
    ),
  })
  .meta({ id: 'WebhookDeliveryList' })
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>
export type WebhookDelivery = WebhookDeliveryList['data'][number]

/** POST /api/v1/webhook-endpoints/:id/test → 202: the event queued for delivery. */
export const webhookTestEventSchema = z.object({ event_id: eventId }).meta({ id: 'TestEvent' })
export type WebhookTestEvent = z.infer<typeof webhookTestEventSchema>

export const webhookEndpointExample: WebhookEndpoint = {
  id: 7,
  url: 'https://erp.exemplo.com.br/webhooks/equilibrai',
  events: ['transaction.created', 'transaction.deleted'],
  created_at: '2026-11-10T14:32:05.120Z',
  disabled_at: null,
  created_by: { id: 'u_8f3k2', name: 'Joana Padeira' },
}

export const webhookEndpointWithSecretExample: WebhookEndpointWithSecret = {
  ...webhookEndpointExample,
  secret: 'whsec_3q2-7wEXAMPLEsecretOnlyShownHere',
}

export const webhookTestEventExample: WebhookTestEvent = {
  event_id: 'evt_4f1c0a9e8b7d6c5e4f3a2b1c0d9e8f7a',
}

export const webhookDeliveryListExample: WebhookDeliveryList = {
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
}
