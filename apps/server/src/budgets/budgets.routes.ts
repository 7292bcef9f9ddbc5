import {
  type AppDeps,
  requireFeature,
  type LedgerBindings,
  requireLedgerCaller,
} from '../tenancy/index.ts'
import {
  budgetCategorySchema,
  budgetExample,
  budgetInputSchema,
  budgetListExample,
  budgetListSchema,
  budgetMonthQuerySchema,
  budgetSchema,
  saoPauloMonth,
} from '@equilibrai/shared'
import { Hono } from 'hono'
import { budgetsForMonth, setBudget } from './budgets.queries.ts'
import { NotFoundError, ValidationError, apiDoc, parseBody, parseQuery } from '../platform/index.ts'

const TAG = 'Orçamentos'
const CATEGORY = {
  category: {
    description: 'Categoria de despesa (slug)',
    pattern: '^[a-z_]+$',
    example: 'mercado',
  },
}
const docs = {
  list: apiDoc({
    tag: TAG,
    summary: 'Orçamentos do mês com o gasto',
    query: budgetMonthQuerySchema,
    feature: 'alertas_orçamento',
    response: { schema: budgetListSchema, example: budgetListExample },
  }),
  put: apiDoc({
    tag: TAG,
    summary: 'Define o orçamento de uma categoria',
    description:
      'Vale deste mês em diante, até mudar. Alertas aos 80% e aos 100%, uma vez cada por mês.',
    params: CATEGORY,
    body: budgetInputSchema,
    bodyExample: { limit_cents: 80000 },
    feature: 'alertas_orçamento',
    response: { schema: budgetSchema, example: budgetExample },
  }),
  remove: apiDoc({
    tag: TAG,
    summary: 'Remove o orçamento de uma categoria',
    params: CATEGORY,
    feature: 'alertas_orçamento',
    response: { status: 204 },
    errors: [404],
  }),
}

function categoryParam(raw: string) {
  const parsed = budgetCategorySchema.safeParse(raw)
  if (!parsed.success) throw new ValidationError(parsed.error)
  return parsed.data
}

/**
 * /api/v1/budgets (ARCHITECTURE §8, alertas_orçamento): a monthly limit per expense category,
 * from the current month (São Paulo) on until changed. 403 FEATURE_NOT_IN_PLAN without it.
 */
export function budgetsRoutes(deps: AppDeps) {
  const { db } = deps
  const guard = [requireLedgerCaller(deps), requireFeature(deps, 'alertas_orçamento')] as const
  return new Hono<LedgerBindings>()
    .use('/v1/budgets', ...guard)
    .use('/v1/budgets/*', ...guard)
    .get('/v1/budgets', docs.list, async (c) => {
      const { month = saoPauloMonth(new Date()) } = parseQuery(c, budgetMonthQuerySchema)
      return c.json({
        month,
        data: await budgetsForMonth(db, { ledgerId: c.var.caller.ledgerId, month }),
      })
    })
    .put('/v1/budgets/:category', docs.put, async (c) => {
      const category = categoryParam(c.req.param('category'))
      const { limit_cents } = await parseBody(c, budgetInputSchema)
      const { ledgerId } = c.var.caller
      const month = saoPauloMonth(new Date())
      await setBudget(db, { ledgerId, category, month, limitCents: limit_cents })
      const row = (await budgetsForMonth(db, { ledgerId, month })).find(
        (b) => b.category === category,
      )
      return c.json(row)
    })
    .delete('/v1/budgets/:category', docs.remove, async (c) => {
      const category = categoryParam(c.req.param('category'))
      const { ledgerId } = c.var.caller
      const month = saoPauloMonth(new Date())
      const current = await budgetsForMonth(db, { ledgerId, month })
      if (!current.some((b) => b.category === category)) {
        throw new NotFoundError('Orçamento não encontrado.')
      }
      await setBudget(db, { ledgerId, category, month, limitCents: null })
      return c.body(null, 204)
    })
}
