import type { Queryable } from '../db/transaction.ts'

/** Whose ledger a person writes to, and who owns it (the subscriber whose plan counts). */
export type LedgerRef = { ledgerId: number; ownerId: string }

/**
 * The ledger a user works in. Today that is the ledger the user owns, created on first use
 * (with a free subscribers row if the account has none yet). When empresas plans get team
 * members, this is the one place that maps a member to the owner's ledger.
 */
export async function ledgerForUser(
  db: Queryable,
  { userId }: { userId: string },
): Promise<LedgerRef> {
  const found = await findLedger(db, userId)
  if (found) return found
  await db.query('insert into subscribers (user_id) values ($1) on conflict do nothing', [userId])
  await db.query('insert into ledgers (owner_user_id) values ($1) on conflict do nothing', [userId])
  const created = await findLedger(db, userId)
  if (!created) throw new Error(`ledger for ${userId} was not created`)
  return created
}

async function findLedger(db: Queryable, userId: string): Promise<LedgerRef | null> {
  const { rows } = await db.query<{ id: number; owner_user_id: string }>(
    'select id, owner_user_id from ledgers where owner_user_id = $1',
    [userId],
  )
  const row = rows[0]
  return row ? { ledgerId: row.id, ownerId: row.owner_user_id } : null
}
