import type { Queryable } from '../platform/index.ts'
import { planHasFeatureSql } from './feature-gate.ts'

/** Whose ledger a person writes to, and who owns it (the subscriber whose plan counts). */
export type LedgerRef = { ledgerId: number; ownerId: string }

/**
 * The ledger a user works in: the one place that decides it, for the web, the API and WhatsApp.
 *
 * - A team member whose owner's CURRENT plan allows members (dashboard_equipe and
 *   max_users > 1) works in the team's ledger, under the owner's plan (limit and features).
 *   When the plan has fewer seats than the team has members (a downgrade from Empresas 15 to
 *   Empresas 2), the earliest members keep theirs (joined_at order) and the rest fall back.
 * - Everyone else (and a member whose owner downgraded or cancelled) works in their own
 *   ledger, created on first use with a free subscribers row if the account has none yet.
 *
 * Read on every call and never cached: a removed member, or one whose owner's plan stopped
 * allowing members, stops reaching the team's ledger with the very next request or message.
 */
export async function ledgerForUser(
  db: Queryable,
  { userId }: { userId: string },
): Promise<LedgerRef> {
  // One round trip (every signed-in request pays it): the team's ledger, else the user's own.
  const { rows } = await db.query<{ id: number; owner_user_id: string }>(
    `select l.id, l.owner_user_id from ledgers l where l.id = ${ledgerForUserSql('$1')}`,
    [userId],
  )
  const row = rows[0]
  if (row) return { ledgerId: row.id, ownerId: row.owner_user_id }
  return ownLedger(db, { userId })
}

/**
 * ledgerForUser's answer as one SQL expression (the ledger id; null when the user has no ledger
 * yet: call ownLedger then), for callers that fold it into a statement of theirs. `user` is the
 * SQL that names the user id (a parameter such as `$2`).
 */
export const ledgerForUserSql = (user: string) =>
  `coalesce(team_ledger_of(${user}), (select id from ledgers where owner_user_id = ${user}))`

/** The ledger the user owns (never a team's), created on first use. */
export async function ownLedger(db: Queryable, { userId }: { userId: string }): Promise<LedgerRef> {
  const found = await findLedger(db, userId)
  if (found) return found
  await db.query('insert into subscribers (user_id) values ($1) on conflict do nothing', [userId])
  await db.query('insert into ledgers (owner_user_id) values ($1) on conflict do nothing', [userId])
  const created = await findLedger(db, userId)
  if (!created) throw new Error(`ledger for ${userId} was not created`)
  return created
}

/**
 * SQL condition: the plan `p` lets a team work together. Shared by ledgerForUser and the team
 * routes, so "the team is active" means one thing.
 */
export const PLAN_ALLOWS_TEAM = `${planHasFeatureSql('dashboard_equipe')} and p.max_users > 1`

async function findLedger(db: Queryable, userId: string): Promise<LedgerRef | null> {
  const { rows } = await db.query<{ id: number; owner_user_id: string }>(
    'select id, owner_user_id from ledgers where owner_user_id = $1',
    [userId],
  )
  const row = rows[0]
  return row ? { ledgerId: row.id, ownerId: row.owner_user_id } : null
}
