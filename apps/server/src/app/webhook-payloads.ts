import {
  transactionExample,
  transferExample,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
} from '@equilibrai/shared'

/** OpenAPI 3.1 `webhooks`: what each event POSTs to a registered endpoint. */
export function webhookPayloads() {
  const examples: Record<string, unknown> = {
    'transaction.created': transactionExample,
    'transaction.updated': { ...transactionExample, amount_cents: 5000 },
    'transaction.deleted': transactionExample,
    'transfer.created': transferExample,
    'transfer.deleted': transferExample,
    'bill.due': {
      id: 31,
      description: 'Conta de luz',
      amount_cents: 18000,
      category: 'contas_casa',
      due_on: '2026-12-10',
    },
    'budget.alert': { category: 'mercado', month: '2026-11', limit_cents: 80000, percent: 80 },
  }
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: WEBHOOK_EVENT_LABELS[type],
          tags: ['Webhooks'],
          parameters: [
            {
              name: 'Equilibrai-Signature',
              in: 'header',
              required: true,
              description:
                't=<segundos unix>,v1=<HMAC-SHA256 hex de "<t>.<corpo>" com o segredo do endpoint>',
              schema: { type: 'string' },
              example: 't=1763750400,v1=5f8c0d3b…',
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'type', 'created_at', 'data'],
                  properties: {
                    id: { type: 'string', description: 'O mesmo em todas as tentativas' },
                    type: { type: 'string', const: type },
                    created_at: { type: 'string', format: 'date-time' },
                    data: { type: 'object' },
                  },
                },
                example: {
                  id: 'evt_4f1c0a9e8b7d6c5e4f3a2b1c0d9e8f7a',
                  type,
                  created_at: '2026-11-10T14:32:05.120Z',
                  data: examples[type],
                },
              },
            },
          },
          responses: {
            '200': { description: 'Qualquer 2xx confirma a entrega; o resto é repetido' },
          },
        },
      },
    ]),
  )
}
