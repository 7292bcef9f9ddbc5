import { type AppDeps, type LedgerBindings, requireLedgerCaller } from '../tenancy/index.ts'
import { Hono } from 'hono'
import { getUsage } from './monthly-limit.ts'
import { apiDoc } from '../platform/index.ts'
import { entryUsageExample, entryUsageSchema } from '@equilibrai/shared'

const doc = apiDoc({
  tag: 'Resumo',
  summary: 'Uso do plano neste mês',
  description:
    'Lançamentos registrados no mês de São Paulo contra o limite do plano (-1: sem limite).',
  response: { schema: entryUsageSchema, example: entryUsageExample },
})

/**
 * GET /api/v1/usage → {month, used, limit, plan_type, plan_name}: entries recorded this São
 * Paulo month in the caller's ledger against its owner's plan (the finance page's
 * '3 de 5 lançamentos este mês'). Not in ARCHITECTURE §5's table: an addition.
 */
export function usageRoutes(deps: AppDeps) {
  const { db } = deps
  return new Hono<LedgerBindings>().get('/v1/usage', requireLedgerCaller(deps), doc, async (c) => {
    return c.json(await getUsage(db, { ownerId: c.var.caller.ownerId }))
  })
}
