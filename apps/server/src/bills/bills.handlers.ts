import type { AppDeps, LedgerBindings } from '../tenancy/index.ts'
import { billInputSchema, billPatchSchema } from '@equilibrai/shared'
import type { Context } from 'hono'
import { z } from 'zod'
import { parseBody, pathId, withTransaction } from '../platform/index.ts'
import { BillNotFoundError, changeBill } from './bill-payments.ts'
import { deleteBill, getBill, insertBill, listBills } from './bills.queries.ts'

type Ctx = Context<LedgerBindings>

const billId = (c: Ctx) => pathId(c, () => new BillNotFoundError())

/** PATCH also takes `record_entry: true` with paid_on: the web's "Marcar como paga" records the expense. */
const patchSchema = z.intersection(
  billPatchSchema,
  z.object({ record_entry: z.boolean({ error: 'Use verdadeiro ou falso' }).optional() }),
)

const publicBill = <T extends { day_of_month?: unknown; paid_transaction_id?: unknown }>({
  day_of_month: _d,
  paid_transaction_id: _t,
  ...bill
}: T) => bill

export function billHandlers({ db }: Pick<AppDeps, 'db'>) {
  return {
    /** GET /v1/bills: unpaid first by due date, then the paid ones. */
    async list(c: Ctx) {
      return c.json({ data: await listBills(db, { ledgerId: c.var.caller.ledgerId }) })
    },

    async get(c: Ctx) {
      const bill = await getBill(db, { ledgerId: c.var.caller.ledgerId, id: billId(c) })
      if (!bill) throw new BillNotFoundError()
      return c.json(publicBill(bill))
    },

    async create(c: Ctx) {
      const input = await parseBody(c, billInputSchema)
      const { ledgerId, userId } = c.var.caller
      const bill = await withTransaction(db, (tx) =>
        insertBill(tx, {
          ledgerId,
          createdBy: userId,
          description: input.description,
          amountCents: input.amount_cents,
          category: input.category,
          dueOn: input.due_on,
          recurrence: input.recurrence,
          paidOn: input.paid_on,
        }),
      )
      return c.json(bill, 201)
    },

    async update(c: Ctx) {
      const id = billId(c)
      const { record_entry, ...change } = await parseBody(c, patchSchema)
      const caller = c.var.caller
      const result = await withTransaction(db, (tx) =>
        changeBill(tx, {
          ledger: caller,
          userId: caller.userId,
          id,
          change,
          ...(record_entry ? { recordAs: { source: caller.source } } : {}),
        }),
      )
      return c.json(result.bill)
    },

    async remove(c: Ctx) {
      if (!(await deleteBill(db, { ledgerId: c.var.caller.ledgerId, id: billId(c) }))) {
        throw new BillNotFoundError()
      }
      return c.body(null, 204)
    },
  }
}
