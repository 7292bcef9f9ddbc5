import type { AppDeps, LedgerBindings } from '../tenancy/index.ts'
import {
  type TransactionFilters,
  transactionFiltersSchema,
  transactionInputSchema,
  transactionListQuerySchema,
  transactionPatchSchema,
} from '@equilibrai/shared'
import type { Context } from 'hono'
import {
  BadRequestError,
  parseBody,
  parseQuery,
  pathId,
  withTransaction,
} from '../platform/index.ts'
import { editEntry, recordEntry, removeEntry } from './entries.ts'
import { TransactionNotFoundError } from './errors.ts'
import { type EntryFilters, transactionTotals } from './transaction-filters.ts'
import { decodeCursor, getTransaction, listTransactions } from './transactions.queries.ts'

type Ctx = Context<LedgerBindings>

/** The query string's filters as the queries name them. */
function entryFilters(query: TransactionFilters): Omit<EntryFilters, 'ledgerId'> {
  return {
    from: query.from,
    to: query.to,
    createdBy: query.member,
    accountId: query.account_id,
    text: query.q,
    type: query.type,
    category: query.category,
    customCategoryId: query.custom_category_id,
    minCents: query.min_cents,
    maxCents: query.max_cents,
  }
}

/** An id in the path: anything that is not one of ours is simply not found (never a 500). */
const entryId = (c: Ctx) => pathId(c, () => new TransactionNotFoundError())

export function transactionHandlers({ db }: Pick<AppDeps, 'db'>) {
  return {
    /** GET /v1/transactions?from&to&limit&cursor → {data, next_cursor}, newest first. */
    async list(c: Ctx) {
      const query = parseQuery(c, transactionListQuerySchema)
      const cursor = query.cursor ? decodeCursor(query.cursor) : null
      if (query.cursor && !cursor) throw new BadRequestError('Cursor inválido', 'VALIDATION_ERROR')
      return c.json(
        await listTransactions(db, {
          ledgerId: c.var.caller.ledgerId,
          ...entryFilters(query),
          limit: query.limit,
          cursor,
        }),
      )
    },

    /** GET /v1/transactions/totals?<the list's filters> → the filtered entries summed. */
    async totals(c: Ctx) {
      const query = parseQuery(c, transactionFiltersSchema)
      return c.json(
        await transactionTotals(db, { ledgerId: c.var.caller.ledgerId, ...entryFilters(query) }),
      )
    },

    async get(c: Ctx) {
      const id = entryId(c)
      const entry = await getTransaction(db, { ledgerId: c.var.caller.ledgerId, id })
      if (!entry) throw new TransactionNotFoundError()
      return c.json(entry)
    },

    /** POST /v1/transactions → 201; 403 MONTHLY_LIMIT_REACHED when the plan's month is full. */
    async create(c: Ctx) {
      const { account_id, ...input } = await parseBody(c, transactionInputSchema)
      const caller = c.var.caller
      const recorded = await withTransaction(db, (tx) =>
        recordEntry(tx, {
          ledger: caller,
          userId: caller.userId,
          entry: input,
          source: caller.source,
          accountId: account_id,
        }),
      )
      return c.json(recorded.entry, 201)
    },

    async update(c: Ctx) {
      const id = entryId(c)
      const patch = await parseBody(c, transactionPatchSchema)
      const updated = await withTransaction(db, (tx) =>
        editEntry(tx, { ledger: c.var.caller, id, patch }),
      )
      return c.json(updated)
    },

    async remove(c: Ctx) {
      const id = entryId(c)
      await withTransaction(db, (tx) => removeEntry(tx, { ledger: c.var.caller, id }))
      return c.body(null, 204)
    },
  }
}
