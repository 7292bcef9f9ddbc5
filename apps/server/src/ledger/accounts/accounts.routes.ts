import {
  accountCreateSchema,
  accountPatchSchema,
  invoicePaySchema,
  saoPauloDate,
} from '@equilibrai/shared'
import { type Context, Hono } from 'hono'
import { parseBody, pathId, withTransaction } from '../../platform/index.ts'
import { type AppDeps, type LedgerBindings, requireLedgerCaller } from '../../tenancy/index.ts'
import { accountDocs as docs } from './accounts.docs.ts'
import { createAccount, deleteAccount, listAccounts, updateAccount } from './accounts.queries.ts'
import { cardBills, payCardBill } from './card-bills.queries.ts'
import { AccountNotFoundError, InvoiceNotFoundError } from './errors.ts'

type Ctx = Context<LedgerBindings>

/** An id in the path that is not one of ours is simply not found (never a 500). */
const accountId = (c: Ctx) => pathId(c, () => new AccountNotFoundError())

/** 'YYYY-MM' in the path, or the bill is not found. */
function billMonth(c: Ctx): string {
  const month = c.req.param('month') ?? ''
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new InvoiceNotFoundError()
  return month
}

/**
 * /api/v1/accounts and a card's bills (ARCHITECTURE §9): the caller's ledger only (a team
 * member's is the team's); another ledger's account answers 404, like one that does not exist.
 */
export function accountsRoutes(deps: AppDeps) {
  const { db } = deps
  return new Hono<LedgerBindings>()
    .use('/v1/accounts', requireLedgerCaller(deps))
    .use('/v1/accounts/*', requireLedgerCaller(deps))
    .get('/v1/accounts', docs.list, async (c) =>
      c.json({ data: await listAccounts(db, { ledgerId: c.var.caller.ledgerId }) }),
    )
    .post('/v1/accounts', docs.create, async (c) => {
      const input = await parseBody(c, accountCreateSchema)
      return c.json(await createAccount(db, { ledgerId: c.var.caller.ledgerId, input }), 201)
    })
    .patch('/v1/accounts/:id', docs.update, async (c) => {
      const id = accountId(c)
      const patch = await parseBody(c, accountPatchSchema)
      const updated = await withTransaction(db, (tx) =>
        updateAccount(tx, { ledgerId: c.var.caller.ledgerId, accountId: id, patch }),
      )
      return c.json(updated)
    })
    .delete('/v1/accounts/:id', docs.remove, async (c) => {
      const id = accountId(c)
      await withTransaction(db, (tx) =>
        deleteAccount(tx, { ledgerId: c.var.caller.ledgerId, accountId: id }),
      )
      return c.body(null, 204)
    })
    .get('/v1/accounts/:id/invoices', docs.invoices, async (c) => {
      const id = accountId(c)
      return c.json({
        data: await cardBills(db, { ledgerId: c.var.caller.ledgerId, accountId: id }),
      })
    })
    .post('/v1/accounts/:id/invoices/:month/pay', docs.pay, async (c) => {
      const id = accountId(c)
      const month = billMonth(c)
      const body = await parseBody(c, invoicePaySchema)
      const caller = c.var.caller
      const transfer = await withTransaction(db, (tx) =>
        payCardBill(tx, {
          ledgerId: caller.ledgerId,
          accountId: id,
          month,
          fromAccountId: body.from_account_id,
          amountCents: body.amount_cents,
          createdBy: caller.userId,
          source: caller.source,
          today: saoPauloDate(new Date()),
        }),
      )
      return c.json(transfer, 201)
    })
}
