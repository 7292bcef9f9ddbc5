import {
  transferExample,
  transferInputSchema,
  transferListExample,
  transferListQuerySchema,
  transferListSchema,
  transferSchema,
} from '@equilibrai/shared'
import { apiDoc } from '../../platform/index.ts'

const tag = 'Contas e cartões'
const id = { id: 'Id da transferência' }

/** OpenAPI for /api/v1/transfers. */
export const transferDocs = {
  list: apiDoc({
    tag,
    summary: 'Lista transferências',
    description:
      'Da mais nova para a mais antiga; `account_id` filtra as que saem ou entram nessa conta, `from`/`to` o período (inclusive).',
    query: transferListQuerySchema,
    response: { schema: transferListSchema, example: transferListExample },
  }),
  create: apiDoc({
    tag,
    summary: 'Registra uma transferência entre contas',
    description:
      'Não é receita nem despesa: fica fora do resumo, relatórios, orçamentos, alertas e do limite mensal do plano. As duas contas precisam ser diferentes, suas e não arquivadas. Aceita `Idempotency-Key`.',
    body: transferInputSchema,
    bodyExample: {
      from_account_id: 7,
      to_account_id: 9,
      amount_cents: 50000,
      occurred_on: '2026-11-10',
    },
    errors: [404, 422],
    response: { status: 201, schema: transferSchema, example: transferExample },
  }),
  get: apiDoc({
    tag,
    summary: 'Mostra uma transferência',
    params: id,
    errors: [404],
    response: { schema: transferSchema, example: transferExample },
  }),
  remove: apiDoc({
    tag,
    summary: 'Apaga uma transferência',
    params: id,
    errors: [404],
    response: { status: 204, description: 'Apagada' },
  }),
}
