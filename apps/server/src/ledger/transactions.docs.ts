import {
  transactionExample,
  transactionInputSchema,
  transactionListQuerySchema,
  transactionPageExample,
  transactionPageSchema,
  transactionPatchSchema,
  transactionSchema,
  transactionFiltersSchema,
  transactionTotalsExample,
  transactionTotalsSchema,
} from '@equilibrai/shared'
import { apiDoc } from '../platform/index.ts'

const tag = 'Lançamentos'
const id = { id: 'Id do lançamento' }
const input = {
  type: 'expense',
  amount_cents: 4590,
  description: 'Mercado do mês',
  category: 'mercado',
  occurred_on: '2026-11-10',
}

/** OpenAPI for /api/v1/transactions, from the schemas the handlers validate with. */
export const transactionDocs = {
  list: apiDoc({
    tag,
    summary: 'Lista lançamentos',
    description:
      'Do mais novo para o mais antigo, filtrando por `occurred_on` entre `from` e `to` (inclusive), pela conta (`account_id`), por quem lançou (`member`), por palavras da descrição (`q`, sem diferença de maiúsculas e acentos), por `type`, `category` e valor (`min_cents`, `max_cents`, inclusive). Pagine com `next_cursor`.',
    query: transactionListQuerySchema,
    response: { schema: transactionPageSchema, example: transactionPageExample },
  }),
  totals: apiDoc({
    tag,
    summary: 'Soma os lançamentos filtrados',
    description:
      'Receitas, despesas, saldo, quantidade e totais por categoria dos lançamentos que os mesmos filtros da lista selecionam (sem paginação).',
    query: transactionFiltersSchema,
    response: { schema: transactionTotalsSchema, example: transactionTotalsExample },
  }),
  create: apiDoc({
    tag,
    summary: 'Registra um lançamento',
    description:
      'Conta no limite mensal do plano (403 MONTHLY_LIMIT_REACHED quando acabou). Sem `account_id`, vai para a conta principal; uma conta que não é sua dá 404, uma arquivada 422. Lançamentos criados com chave de API têm `source: "api"`. Aceita `Idempotency-Key`.',
    body: transactionInputSchema,
    bodyExample: input,
    errors: [404, 409, 422],
    response: { status: 201, schema: transactionSchema, example: transactionExample },
  }),
  get: apiDoc({
    tag,
    summary: 'Mostra um lançamento',
    params: id,
    errors: [404],
    response: { schema: transactionSchema, example: transactionExample },
  }),
  update: apiDoc({
    tag,
    summary: 'Altera campos de um lançamento',
    description: 'Tipo e categoria precisam continuar combinando.',
    params: id,
    body: transactionPatchSchema,
    bodyExample: { amount_cents: 5000 },
    errors: [404],
    response: { schema: transactionSchema, example: { ...transactionExample, amount_cents: 5000 } },
  }),
  remove: apiDoc({
    tag,
    summary: 'Apaga um lançamento',
    description: 'A vaga no limite do mês volta.',
    params: id,
    errors: [404],
    response: { status: 204, description: 'Apagado' },
  }),
}
