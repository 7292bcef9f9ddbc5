import type { AppDeps } from '../tenancy/index.ts'
import {
  transactionInputSchema,
  transactionListQuerySchema,
  transactionPatchSchema,
} from '@equilibrai/shared'
import type { Context } from 'hono'
import { BadRequestError } from '../platform/index.ts'
import { parseBody, parseQuery, pathId } from '../platform/index.ts'
import { withTransaction } from '../platform/index.ts'
import { editEntry, recordEntry, removeEntry } from './entries.ts'
import { TransactionNotFoundError } from './errors.ts'
import { ledgerForUser } from '../tenancy/index.ts'
import { decodeCursor, getTransaction, listTransactions } from './transactions.queries.ts'
import { entrySourceOf, type LedgerBindings } from '../tenancy/index.ts'

type Ctx = Context<LedgerBindings>

/** An id in the path: anything that is not one of ours is simply not found (never a 500). */
const entryId = (c: Ctx) => pathId(c, () => new TransactionNotFoundError())

export function transactionHandlers({ db }: Pick<AppDeps, 'db'>) {
  return {
    /** GET /v1/transactions?from&to&limit&cursor → {data, next_cursor}, newest first. */
    async list(c: Ctx) {
      const query = parseQuery(c, transactionListQuerySchema)
      const cursor = query.cursor ? decodeCursor(query.cursor) : null
      if (query.cursor && !cursor) throw new BadRequestError('Cursor inválido', 'VALIDATION_ERROR')
      const ledger = await ledgerForUser(db, { userId: c.get('user').id })
      return c.json(
        await listTransactions(db, {
          ledgerId: ledger.ledgerId,
          from: query.from,
          to: query.to,
          createdBy: query.member,
          limit: query.limit,
          cursor,
        }),
      )
    },

    async get(c: Ctx) {
      const id = entryId(c)
      const ledger = await ledgerForUser(db, { userId: c.get('user').id })
      const entry = await getTransaction(db, { ledgerId: ledger.ledgerId, id })
      if (!entry) throw new TransactionNotFoundError()
      return c.json(entry)
    },

    /** POST /v1/transactions → 201; 403 MONTHLY_LIMIT_REACHED when the plan's month is full. */
    async create(c: Ctx) {
      const input = await parseBody(c, transactionInputSchema)
      const userId = c.get('user').id
      const recorded = await withTransaction(db, async (tx) => {
        const ledger = await ledgerForUser(tx, { userId })
        return recordEntry(tx, { ledger, userId, entry: input, source: entrySourceOf(c) })
      })
      return c.json(recorded.entry, 201)
    },

    async update(c: Ctx) {
      const id = entryId(c)
      const patch = await parseBody(c, transactionPatchSchema)
      const userId = c.get('user').id
      const updated = await withTransaction(db, async (tx) =>
        editEntry(tx, { ledger: await ledgerForUser(tx, { userId }), id, patch }),
      )
      return c.json(updated)
    },

    async remove(c: Ctx) {
      const id = entryId(c)
      const userId = c.get('user').id
      await withTransaction(db, async (tx) =>
        removeEntry(tx, { ledger: await ledgerForUser(tx, { userId }), id }),
      )
      return c.body(null, 204)
    },
  }
}
