import type { Team, TeamInvitation, TeamMember, TeamRole, TeamSummary } from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'
import { ownLedger, PLAN_ALLOWS_TEAM } from '../tenancy/index.ts'

/** A team row with its owner's current plan. */
export type TeamRow = {
  id: number
  owner_user_id: string
  ledger_id: number
  max_users: number
  plan_name: string
  /** The owner's current plan lets members work in the team's ledger. */
  allows_team: boolean
}

const TEAM_SELECT = `select t.id, t.owner_user_id, t.ledger_id, p.max_users, p.name as plan_name,
       (${PLAN_ALLOWS_TEAM}) as allows_team
  from teams t
  join subscribers s on s.user_id = t.owner_user_id
  join plan_features p on p.plan_type = s.plan_type`

export async function teamOwnedBy(
  db: Queryable,
  { ownerId, forUpdate = false }: { ownerId: string; forUpdate?: boolean },
): Promise<TeamRow | null> {
  const { rows } = await db.query<TeamRow>(
    `${TEAM_SELECT} where t.owner_user_id = $1 ${forUpdate ? 'for update of t' : ''}`,
    [ownerId],
  )
  return rows[0] ?? null
}

export async function teamById(
  db: Queryable,
  { teamId, forUpdate = false }: { teamId: number; forUpdate?: boolean },
): Promise<TeamRow | null> {
  const { rows } = await db.query<TeamRow>(
    `${TEAM_SELECT} where t.id = $1 ${forUpdate ? 'for update of t' : ''}`,
    [teamId],
  )
  return rows[0] ?? null
}

/** The owner's team, created (over the owner's own ledger) the first time it is needed. */
export async function ensureTeam(db: Queryable, { ownerId }: { ownerId: string }): Promise<void> {
  const ledger = await ownLedger(db, { userId: ownerId })
  await db.query(
    `insert into teams (owner_user_id, ledger_id) values ($1, $2)
     on conflict (owner_user_id) do nothing`,
    [ownerId, ledger.ledgerId],
  )
}

/** The team the user belongs to (as owner or member) and their role, or null. */
export async function teamOfUser(
  db: Queryable,
  { userId }: { userId: string },
): Promise<{ team: TeamRow; role: TeamRole } | null> {
  const { rows } = await db.query<{ team_id: number }>(
    'select team_id from team_members where user_id = $1',
    [userId],
  )
  const memberOf = rows[0]
  if (memberOf) {
    const team = await teamById(db, { teamId: memberOf.team_id })
    return team ? { team, role: 'member' } : null
  }
  const owned = await teamOwnedBy(db, { ownerId: userId })
  return owned ? { team: owned, role: 'owner' } : null
}

/** Members (without the owner) plus open invitations that have not expired: seats they take. */
export async function seatsTaken(
  db: Queryable,
  { teamId }: { teamId: number },
): Promise<{ members: number; pending: number }> {
  const { rows } = await db.query<{ members: number; pending: number }>(
    `select (select count(*)::int from team_members where team_id = $1) as members,
            (select count(*)::int from team_invitations
              where team_id = $1 and accepted_at is null and cancelled_at is null
                and expires_at > now()) as pending`,
    [teamId],
  )
  return rows[0] ?? { members: 0, pending: 0 }
}

/** GET /api/team's body: the owner first, then members by joining order. */
export async function teamView(
  db: Queryable,
  { team, role }: { team: TeamRow; role: TeamRole },
): Promise<Team> {
  const { rows: people } = await db.query<
    Omit<TeamMember, 'joined_at' | 'active'> & {
      joined_at: Date
    }
  >(
    // Columns listed, not `*`: a star is never prepared (platform/db/prepared-statements.ts).
    `select user_id, name, email, role, joined_at from (
       select p.id as user_id, p.name, p.email, 'owner' as role, t.created_at as joined_at, 0 as o
         from teams t join profiles p on p.id = t.owner_user_id where t.id = $1
       union all
       select p.id, p.name, p.email, 'member', m.joined_at, 1
         from team_members m join profiles p on p.id = m.user_id where m.team_id = $1
     ) x order by o, joined_at, user_id`,
    [team.id],
  )
  const members: TeamMember[] = people.map((p, index) => ({
    user_id: p.user_id,
    name: p.name,
    email: p.email,
    role: p.role,
    joined_at: p.joined_at.toISOString(),
    // The same rule as ledgerForUser: the earliest members hold the plan's seats.
    active: p.role === 'owner' || (team.allows_team && index < team.max_users),
  }))
  const invitations = role === 'owner' ? await pendingInvitations(db, { teamId: team.id }) : []
  const owner = members[0] as TeamMember
  return {
    owner: { user_id: owner.user_id, name: owner.name, email: owner.email },
    members,
    invitations,
    max_users: team.max_users,
    seats_used: members.length,
    status: team.allows_team ? 'active' : 'suspended',
    plan_name: team.plan_name,
    my_role: role,
  }
}

export async function pendingInvitations(
  db: Queryable,
  { teamId }: { teamId: number },
): Promise<TeamInvitation[]> {
  const { rows } = await db.query<{ id: number; email: string; expires_at: Date }>(
    `select id, email, expires_at from team_invitations
      where team_id = $1 and accepted_at is null and cancelled_at is null and expires_at > now()
      order by created_at, id`,
    [teamId],
  )
  return rows.map((r) => ({ id: r.id, email: r.email, expires_at: r.expires_at.toISOString() }))
}

/**
 * GET /api/v1/team/summary: per person who recorded entries in the ledger that month, plus every
 * current team member (with zeros when they recorded nothing). Entries of deleted accounts are
 * grouped under "Conta excluída" (user_id null), so the per-member totals add up to the month.
 */
export async function teamSummary(
  db: Queryable,
  { ledgerId, month }: { ledgerId: number; month: string },
): Promise<TeamSummary> {
  const { rows } = await db.query<TeamSummary['members'][number]>(
    `with roster as (
       select t.owner_user_id as user_id, 0 as o, t.created_at as joined_at
         from teams t where t.ledger_id = $1
       union all
       select m.user_id, 1, m.joined_at
         from team_members m join teams t on t.id = m.team_id where t.ledger_id = $1
       union all
       select l.owner_user_id, 0, l.created_at from ledgers l
        where l.id = $1 and not exists (select 1 from teams t where t.ledger_id = $1)
     ),
     totals as (
       select coalesce(created_by, '') as user_id,
              sum(amount_cents) filter (where type = 'income')::bigint as income_cents,
              sum(amount_cents) filter (where type = 'expense')::bigint as expense_cents,
              count(*)::int as count
         from transactions
        where ledger_id = $1 and occurred_on >= $2::date
          and occurred_on < ($2::date + interval '1 month')::date
        group by 1
     )
     select nullif(coalesce(r.user_id, x.user_id), '') as user_id,
            coalesce(p.name, 'Conta excluída') as name,
            coalesce(x.income_cents, 0)::bigint as income_cents,
            coalesce(x.expense_cents, 0)::bigint as expense_cents,
            coalesce(x.count, 0) as count
       from roster r
       full join totals x on x.user_id = r.user_id
       left join profiles p on p.id = coalesce(r.user_id, x.user_id)
      order by r.o nulls last, r.joined_at nulls last, name`,
    [ledgerId, `${month}-01`],
  )
  return { month, members: rows }
}
