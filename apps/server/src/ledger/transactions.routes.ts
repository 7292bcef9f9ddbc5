import { type AppDeps, type LedgerBindings, requireLedgerCaller } from '../tenancy/index.ts'
import { Hono } from 'hono'
import { transactionHandlers } from './transactions.handlers.ts'
import { transactionDocs as docs } from './transactions.docs.ts'

/**
 * /api/v1/transactions (ARCHITECTURE §5): the caller's own ledger only; another person's
 * entry answers 404, exactly like one that does not exist.
 */
export function transactionsRoutes(deps: AppDeps) {
  const h = transactionHandlers(deps)
  return new Hono<LedgerBindings>()
    .use('/v1/transactions', requireLedgerCaller(deps))
    .use('/v1/transactions/*', requireLedgerCaller(deps))
    .get('/v1/transactions', docs.list, h.list)
    .post('/v1/transactions', docs.create, h.create)
    .get('/v1/transactions/totals', docs.totals, h.totals)
    .get('/v1/transactions/:id', docs.get, h.get)
    .patch('/v1/transactions/:id', docs.update, h.update)
    .delete('/v1/transactions/:id', docs.remove, h.remove)
}
