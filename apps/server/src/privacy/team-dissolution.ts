import type { Queryable } from '../db/transaction.ts'

/**
 * HOOK for teams (issue #14): called inside the account-deletion transaction, before anything
 * of the person is deleted. When teams exist, this is where a team the person owns is
 * dissolved: each member falls back to their own ledger (ARCHITECTURE §8: nothing of theirs is
 * deleted), pending invitations are dropped, and the members are told (queue the notices here,
 * in the same transaction, so they go out only if the deletion commits).
 *
 * Until then there are no teams: nothing to do. Whatever is left is still caught by the
 * catalogue sweep in account-deletion.ts (rows naming the person are deleted or unset).
 */
export async function dissolveOwnedTeams(
  _db: Queryable,
  _params: { userId: string },
): Promise<void> {}
