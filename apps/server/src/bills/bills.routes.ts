import { type AppDeps, type LedgerBindings, requireLedgerCaller } from '../tenancy/index.ts'
import { Hono } from 'hono'
import {
  billExample,
  billInputSchema,
  billListExample,
  billListSchema,
  billPatchSchema,
  billSchema,
} from '@equilibrai/shared'
import { apiDoc } from '../platform/index.ts'
import { billHandlers } from './bills.handlers.ts'

const TAG = 'Contas'
const ID = { id: 'Id da conta' }
const docs = {
  list: apiDoc({
    tag: TAG,
    summary: 'Lista as contas',
    description: 'Em aberto primeiro, por vencimento; depois as pagas.',
    response: { schema: billListSchema, example: billListExample },
  }),
  create: apiDoc({
    tag: TAG,
    summary: 'Cria uma conta a pagar',
    description: 'Lembretes no WhatsApp às 09:00 da véspera e do dia do vencimento.',
    body: billInputSchema,
    bodyExample: {
      description: 'conta de luz',
      amount_cents: 18000,
      due_on: '2026-12-10',
      recurrence: 'monthly',
    },
    response: { status: 201, schema: billSchema, example: billExample },
  }),
  get: apiDoc({
    tag: TAG,
    summary: 'Uma conta',
    params: ID,
    response: { schema: billSchema, example: billExample },
    errors: [404],
  }),
  update: apiDoc({
    tag: TAG,
    summary: 'Altera ou marca como paga',
    description:
      '`paid_on` com uma data marca como paga (com `record_entry: true`, lança a despesa); uma conta mensal paga cria a do mês seguinte.',
    params: ID,
    body: billPatchSchema,
    bodyExample: { paid_on: '2026-12-09', record_entry: true },
    response: { schema: billSchema, example: billExample },
    errors: [404],
  }),
  remove: apiDoc({
    tag: TAG,
    summary: 'Apaga uma conta',
    params: ID,
    response: { status: 204 },
    errors: [404],
  }),
}

/** /api/v1/bills (ARCHITECTURE §8, every plan): the caller's ledger's bills; others' are 404. */
export function billsRoutes(deps: AppDeps) {
  const h = billHandlers(deps)
  return new Hono<LedgerBindings>()
    .use('/v1/bills', requireLedgerCaller(deps))
    .use('/v1/bills/*', requireLedgerCaller(deps))
    .get('/v1/bills', docs.list, h.list)
    .post('/v1/bills', docs.create, h.create)
    .get('/v1/bills/:id', docs.get, h.get)
    .patch('/v1/bills/:id', docs.update, h.update)
    .delete('/v1/bills/:id', docs.remove, h.remove)
}
