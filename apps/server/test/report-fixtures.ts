import type { Category, EntryType } from '@equilibrai/shared'
import type { Queryable } from '../src/platform/db/transaction.ts'
import { ledgerForUser } from '../src/tenancy/ledgers.queries.ts'

/** Entries straight into a person's ledger (the report tests need months of history fast). */
export type FixtureEntry = {
  type: EntryType
  cents: number
  description: string
  category: Category
  on: string
}

export async function recordEntries(db: Queryable, userId: string, entries: FixtureEntry[]) {
  const { ledgerId } = await ledgerForUser(db, { userId })
  for (const e of entries) {
    await db.query(
      `insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                                 occurred_on, source)
       values ($1, $2, $3, $4, $5, $6, $7, 'web')`,
      [ledgerId, userId, e.type, e.cents, e.description, e.category, e.on],
    )
  }
  return ledgerId
}

export async function setPlan(db: Queryable, userId: string, plan: string) {
  await db.query('update subscribers set plan_type = $2 where user_id = $1', [userId, plan])
}
