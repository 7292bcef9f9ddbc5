import {
  categorySchema,
  ENTRY_SOURCES,
  entryTypeSchema,
  NOTIFICATION_KINDS,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
} from '@equilibrai/shared'
import { z } from 'zod'

/*
 * The shapes of the API's answers, for the OpenAPI document (requests are documented with the
 * very schemas the handlers validate with; answers are built by SQL, so these describe them).
 * Each has an id: it becomes a named component (#/components/schemas/<id>).
 */

const date = z.string().meta({ format: 'date', example: '2026-11-10' })
const dateTime = z.string().meta({ format: 'date-time', example: '2026-11-10T14:32:05.120Z' })
const month = z.string().meta({ example: '2026-11', description: 'AAAA-MM (São Paulo)' })
const cents = z.number().int().meta({ description: 'Centavos', example: 4590 })

export const transactionExample = {
  id: 1234,
  type: 'expense',
  amount_cents: 4590,
  description: 'Mercado do mês',
  category: 'mercado',
  occurred_on: '2026-11-10',
  created_at: '2026-11-10T14:32:05.120Z',
  source: 'api',
  created_by: { id: 'u_8f3k2', name: 'Joana Padeira' },
}

export const transactionDoc = z
  .object({
    id: z.number().int(),
    type: entryTypeSchema,
    amount_cents: cents,
    description: z.string(),
    category: categorySchema,
    occurred_on: date,
    created_at: dateTime,
    source: z.enum(ENTRY_SOURCES).meta({ description: 'Por onde o lançamento entrou' }),
    created_by: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .meta({ description: 'Quem lançou (numa equipe, o membro); null se a conta foi excluída' }),
  })
  .meta({ id: 'Transaction', example: transactionExample })

export const transactionPageDoc = z
  .object({
    data: z.array(transactionDoc),
    next_cursor: z
      .string()
      .nullable()
      .meta({ description: 'Passe em `cursor` para a próxima página; null no fim' }),
  })
  .meta({ id: 'TransactionPage' })

export const monthSummaryDoc = z
  .object({
    month,
    income_cents: cents,
    expense_cents: cents,
    balance_cents: cents,
    by_category: z.array(
      z.object({
        category: categorySchema,
        type: entryTypeSchema,
        total_cents: cents,
        count: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'MonthSummary' })

export const usageDoc = z
  .object({
    month,
    used: z.number().int(),
    limit: z.number().int().meta({ description: '-1: sem limite' }),
    plan_type: z.string(),
    plan_name: z.string(),
  })
  .meta({ id: 'Usage' })

export const notificationSettingsDoc = z
  .object(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])))
  .meta({ id: 'NotificationSettings' })

export const webhookEndpointDoc = z
  .object({
    id: z.number().int(),
    url: z
      .string()
      .meta({ format: 'uri', example: 'https://erp.exemplo.com.br/webhooks/equilibrai' }),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    created_at: dateTime,
    disabled_at: dateTime.nullable().meta({
      description: 'Preenchido quando o endpoint foi desativado após 3 dias de falhas',
    }),
  })
  .meta({ id: 'WebhookEndpoint' })

export const webhookEndpointWithSecretDoc = webhookEndpointDoc
  .extend({
    secret: z.string().meta({
      description: 'Segredo que assina as entregas (Equilibrai-Signature). Guarde-o.',
      example: 'whsec_3q2-7wEXAMPLEsecretOnlyShownHere',
    }),
  })
  .meta({ id: 'WebhookEndpointWithSecret' })

export const webhookEndpointListDoc = z
  .object({ data: z.array(webhookEndpointDoc) })
  .meta({ id: 'WebhookEndpointList' })

export const webhookDeliveryListDoc = z
  .object({
    data: z.array(
      z.object({
        event_id: z.string().meta({ example: 'evt_4f1c0a9e8b7d6c5e4f3a2b1c0d9e8f7a' }),
        type: z.string().meta({ example: 'transaction.created' }),
        status: z.enum(WEBHOOK_DELIVERY_STATUSES),
        attempts: z.number().int(),
        last_status_code: z.number().int().nullable(),
        created_at: dateTime,
      }),
    ),
  })
  .meta({ id: 'WebhookDeliveryList' })

export const testEventDoc = z
  .object({ event_id: z.string().meta({ example: 'evt_4f1c0a9e8b7d6c5e4f3a2b1c0d9e8f7a' }) })
  .meta({ id: 'TestEvent' })
