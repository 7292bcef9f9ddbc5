import { transferInputSchema, transferListQuerySchema } from '@equilibrai/shared'
import { type Context, Hono } from 'hono'
import { parseBody, parseQuery, pathId, withTransaction } from '../../platform/index.ts'
import { type AppDeps, type LedgerBindings, requireLedgerCaller } from '../../tenancy/index.ts'
import { TransferNotFoundError } from './errors.ts'
import { transferDocs as docs } from './transfers.docs.ts'
import { getTransfer, listTransfers, recordTransfer, removeTransfer } from './transfers.queries.ts'

type Ctx = Context<LedgerBindings>

const transferId = (c: Ctx) => pathId(c, () => new TransferNotFoundError())

/** /api/v1/transfers (ARCHITECTURE §9): the caller's ledger only; another's answers 404. */
export function transfersRoutes(deps: AppDeps) {
  const { db } = deps
  return new Hono<LedgerBindings>()
    .use('/v1/transfers', requireLedgerCaller(deps))
    .use('/v1/transfers/*', requireLedgerCaller(deps))
    .get('/v1/transfers', docs.list, async (c) => {
      const query = parseQuery(c, transferListQuerySchema)
      const data = await listTransfers(db, {
        ledgerId: c.var.caller.ledgerId,
        accountId: query.account_id,
        from: query.from,
        to: query.to,
      })
      return c.json({ data })
    })
    .post('/v1/transfers', docs.create, async (c) => {
      const transfer = await parseBody(c, transferInputSchema)
      const caller = c.var.caller
      const created = await withTransaction(db, (tx) =>
        recordTransfer(tx, {
          ledgerId: caller.ledgerId,
          createdBy: caller.userId,
          transfer,
          source: caller.source,
        }),
      )
      return c.json(created, 201)
    })
    .get('/v1/transfers/:id', docs.get, async (c) => {
      const found = await getTransfer(db, {
        ledgerId: c.var.caller.ledgerId,
        transferId: transferId(c),
      })
      if (!found) throw new TransferNotFoundError()
      return c.json(found)
    })
    .delete('/v1/transfers/:id', docs.remove, async (c) => {
      const id = transferId(c)
      await withTransaction(db, (tx) =>
        removeTransfer(tx, { ledgerId: c.var.caller.ledgerId, transferId: id }),
      )
      return c.body(null, 204)
    })
}
