import type { AppDeps } from '../tenancy/index.ts'
import { Hono } from 'hono'
import { getUsage } from './monthly-limit.ts'
import { type LedgerBindings, requireLedgerCaller } from '../tenancy/index.ts'
import { apiDoc } from '../platform/index.ts'
import { usageDoc } from '../platform/index.ts'

const doc = apiDoc({
  tag: 'Resumo',
  summary: 'Uso do plano neste mês',
  description:
    'Lançamentos registrados no mês de São Paulo contra o limite do plano (-1: sem limite).',
  response: {
    schema: usageDoc,
    example: {
      month: '2026-11',
      used: 3,
      limit: -1,
      plan_type: 'empresas_15',
      plan_name: 'Empresas 15',
    },
  },
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
