import {
  type AppDeps,
  requireFeature,
  type LedgerBindings,
  requireLedgerCaller,
} from '../tenancy/index.ts'
import {
  analysisExample,
  analysisQuerySchema,
  analysisSchema,
  saoPauloDate,
} from '@equilibrai/shared'
import { Hono } from 'hono'
import { analyzeLedger } from './analysis.queries.ts'
import { parseQuery, apiDoc } from '../platform/index.ts'

const doc = apiDoc({
  tag: 'Análise',
  summary: 'Análise avançada: 12 meses, categorias e projeção do mês',
  description:
    'Séries mensais, cada categoria deste mês contra a média dos 3 meses anteriores, a projeção ' +
    'para o fim do mês (os gastos do dia a dia no ritmo até hoje, mais contas a pagar e ' +
    'lançamentos recorrentes ainda por vir; receitas avulsas não se repetem) e as maiores variações.',
  query: analysisQuerySchema,
  feature: 'análise_avançada',
  response: { schema: analysisSchema, example: analysisExample },
})

/** GET /api/v1/analysis?months=12 (análise_avançada, ARCHITECTURE §8) on the caller's ledger. */
export function analysisRoutes(deps: AppDeps) {
  const { db } = deps
  return new Hono<LedgerBindings>().get(
    '/v1/analysis',
    requireLedgerCaller(deps),
    requireFeature(deps, 'análise_avançada'),
    doc,
    async (c) => {
      const { months } = parseQuery(c, analysisQuerySchema)
      return c.json(
        await analyzeLedger(db, {
          ledgerId: c.var.caller.ledgerId,
          months,
          today: saoPauloDate(new Date()),
        }),
      )
    },
  )
}
