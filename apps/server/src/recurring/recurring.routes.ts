import { type AppDeps, type LedgerBindings, requireLedgerCaller } from '../tenancy/index.ts'
import {
  nextOccurrence,
  recurringExample,
  recurringInputSchema,
  recurringListExample,
  recurringListSchema,
  recurringSchema,
  saoPauloDate,
} from '@equilibrai/shared'
import { Hono } from 'hono'
import { NotFoundError, apiDoc, parseBody, pathId } from '../platform/index.ts'
import { cancelRecurring, insertRecurring, listRecurring } from './recurring.queries.ts'

const TAG = 'Recorrentes'
const docs = {
  list: apiDoc({
    tag: TAG,
    summary: 'Lista os lançamentos recorrentes',
    response: { schema: recurringListSchema, example: recurringListExample },
  }),
  create: apiDoc({
    tag: TAG,
    summary: 'Cria um lançamento recorrente',
    description:
      'Lançado todo mês no dia `day_of_month` (31 em meses curtos: o último dia), contando no limite mensal do plano.',
    body: recurringInputSchema,
    bodyExample: {
      type: 'income',
      amount_cents: 450000,
      description: 'salário',
      category: 'salario',
      day_of_month: 5,
    },
    response: { status: 201, schema: recurringSchema, example: recurringExample },
  }),
  remove: apiDoc({
    tag: TAG,
    summary: 'Cancela um lançamento recorrente',
    description: 'Os lançamentos já feitos ficam.',
    params: { id: 'Id do recorrente' },
    response: { status: 204 },
    errors: [404],
  }),
}

const notFound = () => new NotFoundError('Lançamento recorrente não encontrado.')

/**
 * /api/v1/recurring (ARCHITECTURE §8, every plan): entries recorded on their day of every month
 * by the recurring_entries task. DELETE cancels (the entries already made stay).
 */
export function recurringRoutes(deps: AppDeps) {
  const { db } = deps
  return new Hono<LedgerBindings>()
    .use('/v1/recurring', requireLedgerCaller(deps))
    .use('/v1/recurring/*', requireLedgerCaller(deps))
    .get('/v1/recurring', docs.list, async (c) => {
      return c.json({ data: await listRecurring(db, { ledgerId: c.var.caller.ledgerId }) })
    })
    .post('/v1/recurring', docs.create, async (c) => {
      const input = await parseBody(c, recurringInputSchema)
      const { ledgerId, userId, source } = c.var.caller
      const created = await insertRecurring(db, {
        ledgerId,
        createdBy: userId,
        input,
        // Today counts: created on the 5th for day 5, today's run records it.
        nextOn: nextOccurrence(saoPauloDate(new Date()), input.day_of_month),
        source,
      })
      return c.json(created, 201)
    })
    .delete('/v1/recurring/:id', docs.remove, async (c) => {
      const id = pathId(c, notFound)
      if (!(await cancelRecurring(db, { ledgerId: c.var.caller.ledgerId, id }))) throw notFound()
      return c.body(null, 204)
    })
}
