import type { Queryable } from '../platform/index.ts'

/**
 * Called inside the account-deletion transaction, before anything of the person is deleted:
 * a team the person owns is dissolved — its members and pending invitations go (team_members
 * and team_invitations cascade from teams), and each member works in their own ledger from the
 * next request on (ledgerForUser finds no team). Nothing of the members' own is deleted. The
 * owner's ledger, with the entries members recorded in it, goes with the owner's account:
 * it was the owner's books.
 *
 * Members are not messaged: their next entry simply lands in their own ledger, and /equipe
 * says they are in no team. A person deleted while a member leaves the team by the cascade on
 * profiles; their entries in the team's ledger stay with created_by unset.
 */
export async function dissolveOwnedTeams(
  db: Queryable,
  { userId }: { userId: string },
): Promise<void> {
  await db.query('delete from teams where owner_user_id = $1', [userId])
}
