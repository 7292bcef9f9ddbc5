import { Hono } from 'hono'
import type { AppDeps } from '../../http/app-types.ts'
import { type LedgerBindings, requireLedgerCaller } from '../../http/ledger-caller.ts'
import { billHandlers } from './bills.handlers.ts'

/** /api/v1/bills (ARCHITECTURE §8, every plan): the caller's ledger's bills; others' are 404. */
export function billsRoutes(deps: AppDeps) {
  const h = billHandlers(deps)
  return new Hono<LedgerBindings>()
    .use('/v1/bills', requireLedgerCaller(deps))
    .use('/v1/bills/*', requireLedgerCaller(deps))
    .get('/v1/bills', h.list)
    .post('/v1/bills', h.create)
    .get('/v1/bills/:id', h.get)
    .patch('/v1/bills/:id', h.update)
    .delete('/v1/bills/:id', h.remove)
}
