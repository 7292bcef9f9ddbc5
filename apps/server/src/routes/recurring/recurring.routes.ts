import { nextOccurrence, recurringInputSchema, saoPauloDate } from '@equilibrai/shared'
import { Hono } from 'hono'
import type { AppDeps } from '../../http/app-types.ts'
import { NotFoundError } from '../../http/errors.ts'
import {
  entrySourceOf,
  type LedgerBindings,
  requireLedgerCaller,
} from '../../http/ledger-caller.ts'
import { parseBody } from '../../http/parse.ts'
import { ledgerForUser } from '../../ledger/ledgers.queries.ts'
import {
  cancelRecurring,
  insertRecurring,
  listRecurring,
} from '../../recurring/recurring.queries.ts'

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
    .get('/v1/recurring', async (c) => {
      const ledger = await ledgerForUser(db, { userId: c.get('user').id })
      return c.json({ data: await listRecurring(db, { ledgerId: ledger.ledgerId }) })
    })
    .post('/v1/recurring', async (c) => {
      const input = await parseBody(c, recurringInputSchema)
      const userId = c.get('user').id
      const ledger = await ledgerForUser(db, { userId })
      const created = await insertRecurring(db, {
        ledgerId: ledger.ledgerId,
        createdBy: userId,
        input,
        // Today counts: created on the 5th for day 5, today's run records it.
        nextOn: nextOccurrence(saoPauloDate(new Date()), input.day_of_month),
        source: entrySourceOf(c),
      })
      return c.json(created, 201)
    })
    .delete('/v1/recurring/:id', async (c) => {
      const raw = c.req.param('id')
      if (!/^[1-9]\d{0,14}$/.test(raw)) throw notFound()
      const ledger = await ledgerForUser(db, { userId: c.get('user').id })
      if (!(await cancelRecurring(db, { ledgerId: ledger.ledgerId, id: Number(raw) })))
        throw notFound()
      return c.body(null, 204)
    })
}
