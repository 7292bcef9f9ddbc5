import { z } from 'zod'

/*
 * The public API's own resources (ARCHITECTURE §8, Empresas 15): API keys and outgoing
 * webhook endpoints. The server validates with these schemas and the OpenAPI document is
 * generated from them.
 */

/** POST /api/api-keys body. */
export const apiKeyCreateSchema = z.strictObject(
  {
    name: z
      .string({ error: 'Informe um nome para a chave' })
      .trim()
      .min(1, 'Informe um nome para a chave')
      .max(60, 'Nome da chave deve ter no máximo 60 caracteres'),
  },
  { error: 'Dados da chave inválidos' },
)
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>

/** A key as listed: never the key itself, only its visible prefix. */
export type ApiKeySummary = {
  id: number
  name: string
  prefix: string
  created_at: string
  last_used_at: string | null
}
export type ApiKeyList = { data: ApiKeySummary[] }

/** POST /api/api-keys answer: the only time `key` is shown. */
export type CreatedApiKey = { id: number; name: string; prefix: string; key: string }

export const WEBHOOK_EVENT_TYPES = [
  'transaction.created',
  'transaction.updated',
  'transaction.deleted',
  'transfer.created',
  'transfer.deleted',
  'bill.due',
  'budget.alert',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]
/** Sent only by "Enviar evento de teste", to the one endpoint tested. */
export const WEBHOOK_TEST_EVENT = 'webhook.test'

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'transaction.created': 'Lançamento criado',
  'transaction.updated': 'Lançamento alterado',
  'transaction.deleted': 'Lançamento apagado',
  'transfer.created': 'Transferência criada',
  'transfer.deleted': 'Transferência apagada',
  'bill.due': 'Conta a vencer',
  'budget.alert': 'Alerta de orçamento',
}

/** POST /api/v1/webhook-endpoints body. Whether the address may be called is the server's. */
export const webhookEndpointCreateSchema = z.strictObject(
  {
    url: z
      .string({ error: 'Informe a URL do endpoint' })
      .trim()
      .max(2000, 'URL longa demais')
      .pipe(z.url({ protocol: /^https?$/, error: 'URL inválida (use http:// ou https://)' })),
    events: z
      .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Evento inválido' }), {
        error: 'Informe os eventos',
      })
      .min(1, 'Escolha ao menos um evento')
      .transform((events) => [...new Set(events)]),
  },
  { error: 'Dados do endpoint inválidos' },
)
export type WebhookEndpointCreate = z.input<typeof webhookEndpointCreateSchema>

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const

/** The JSON body of every delivery. */
export type WebhookEventBody = {
  id: string
  type: string
  created_at: string
  data: unknown
}
