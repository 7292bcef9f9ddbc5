import { createHash, randomBytes } from 'node:crypto'
import type { InvitationPreview } from '@equilibrai/shared'
import {
  consumeRateLimit,
  type Db,
  isUniqueViolation,
  type Queryable,
  queueEmail,
  type RateLimitRule,
  RateLimitedError,
  withTransaction,
} from '../platform/index.ts'
import { teamInvitationEmail } from './team-emails.ts'
import { assertFeature } from '../tenancy/index.ts'
import {
  InvitationClosedError,
  InvitationEmailMismatchError,
  InvitationNotFoundError,
  MemberNotFoundError,
  NotTeamOwnerError,
  SeatsFullError,
  TeamConflictError,
} from './team-errors.ts'
import { ensureTeam, seatsTaken, teamById, teamOfUser, teamOwnedBy } from './team.queries.ts'

/*
 * Invitations, joining and leaving (ARCHITECTURE §8, ADR 015). Every change that counts seats
 * runs with the team row locked (select … for update): two invitations sent at the same
 * moment are serialised, and the second sees the first's seat. The owner's plan is read inside
 * the same transaction, so a plan change cannot slip between the check and the write.
 */

export const INVITATION_DAYS = 7

/**
 * Invitation e-mails per team and address (ARCHITECTURE §12): inviting and cancelling in a loop
 * must not turn the team into a way to flood someone's inbox. Counted per attempt.
 */
export const INVITATION_EMAIL_LIMIT: RateLimitRule = { max: 3, windowSeconds: 86_400 }

/**
 * The team the person sees at /equipe: theirs as owner or member (a member's read-only, an
 * owner's 'suspended' when the plan stopped allowing members), else a new, empty one when
 * their own plan has dashboard_equipe; anyone else 403 FEATURE_NOT_IN_PLAN. Not a route-table
 * gate: people without the feature still see the team they are in.
 */
export async function teamToShow(db: Queryable, { userId }: { userId: string }) {
  const mine = await teamOfUser(db, { userId })
  if (mine) return mine
  await assertFeature(db, { ownerId: userId, feature: 'dashboard_equipe' })
  await ensureTeam(db, { ownerId: userId })
  const created = await teamOfUser(db, { userId })
  if (!created) throw new Error(`team of ${userId} was not created`)
  return created
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

type InvitationRow = {
  id: number
  team_id: number
  email: string
  expires_at: Date
  accepted_at: Date | null
  cancelled_at: Date | null
}

function statusOf(inv: InvitationRow): InvitationPreview['status'] {
  if (inv.accepted_at) return 'accepted'
  if (inv.cancelled_at) return 'cancelled'
  if (inv.expires_at.getTime() <= Date.now()) return 'expired'
  return 'pending'
}

/**
 * Creates the invitation (seats checked under the team lock) and queues its e-mail in the same
 * transaction (ADR 020): an invitation stored is an invitation mailed. The token exists only in
 * that e-mail; the database keeps its hash.
 */
export async function createInvitation(
  db: Db,
  { ownerId, email, publicUrl }: { ownerId: string; email: string; publicUrl: string },
): Promise<{ id: number; email: string; expires_at: string }> {
  const limit = await consumeRateLimit(db, {
    key: `team-invite:${ownerId}:${hashToken(email)}`,
    rule: INVITATION_EMAIL_LIMIT,
  })
  if (!limit.allowed) {
    throw new RateLimitedError(
      limit.retryAfterSeconds,
      `Você já convidou este e-mail ${INVITATION_EMAIL_LIMIT.max} vezes nas últimas 24 horas. Tente de novo amanhã.`,
    )
  }
  return withTransaction(db, async (tx) => {
    const memberOf = await tx.query('select 1 from team_members where user_id = $1', [ownerId])
    if (memberOf.rowCount) throw new NotTeamOwnerError()
    await assertFeature(tx, { ownerId, feature: 'dashboard_equipe' })
    await ensureTeam(tx, { ownerId })
    const team = await teamOwnedBy(tx, { ownerId, forUpdate: true })
    if (!team) throw new Error(`team of ${ownerId} was not created`)

    const { rows: clash } = await tx.query<{ who: string }>(
      `select 'owner' as who from profiles where id = $1 and lower(email) = $2
       union all
       select 'member' from team_members m join profiles p on p.id = m.user_id
        where m.team_id = $3 and lower(p.email) = $2`,
      [ownerId, email, team.id],
    )
    if (clash[0]?.who === 'owner')
      throw new TeamConflictError('Você já é o titular desta equipe.', 'ALREADY_MEMBER')
    if (clash[0])
      throw new TeamConflictError('Essa pessoa já faz parte da equipe.', 'ALREADY_MEMBER')

    // An expired invitation to the same address makes way for the new one.
    await tx.query(
      `update team_invitations set cancelled_at = now()
        where team_id = $1 and email = $2 and accepted_at is null and cancelled_at is null
          and expires_at <= now()`,
      [team.id, email],
    )
    const { rows: open } = await tx.query(
      `select 1 from team_invitations
        where team_id = $1 and email = $2 and accepted_at is null and cancelled_at is null`,
      [team.id, email],
    )
    if (open.length)
      throw new TeamConflictError(
        'Já existe um convite pendente para este e-mail.',
        'INVITATION_PENDING',
      )

    const seats = await seatsTaken(tx, { teamId: team.id })
    if (1 + seats.members + seats.pending + 1 > team.max_users)
      throw new SeatsFullError(team.max_users, team.plan_name)

    const token = randomBytes(32).toString('base64url')
    const { rows } = await tx.query<{ id: number; expires_at: Date }>(
      `insert into team_invitations (team_id, email, token_hash, invited_by, expires_at)
       values ($1, $2, $3, $4, now() + make_interval(days => $5))
       returning id, expires_at`,
      [team.id, email, hashToken(token), ownerId, INVITATION_DAYS],
    )
    const row = rows[0] as { id: number; expires_at: Date }
    const owner = await ownerForEmail(tx, ownerId)
    await queueEmail(tx, {
      to: email,
      kind: 'team-invitation',
      content: teamInvitationEmail({
        ownerName: owner.name,
        ownerEmail: owner.email,
        planName: owner.plan_name,
        link: `${publicUrl}/convite/${token}`,
      }),
    })
    return { id: row.id, email, expires_at: row.expires_at.toISOString() }
  })
}

async function ownerForEmail(tx: Queryable, ownerId: string) {
  const { rows } = await tx.query<{ name: string; email: string; plan_name: string }>(
    `select p.name, u.email, pf.name as plan_name from "user" u
       join profiles p on p.id = u.id
       join subscribers s on s.user_id = u.id join plan_features pf on pf.plan_type = s.plan_type
      where u.id = $1`,
    [ownerId],
  )
  return rows[0] ?? { name: '', email: '', plan_name: 'Empresas' }
}

async function invitationByToken(
  db: Queryable,
  token: string,
  forUpdate = false,
): Promise<InvitationRow | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null
  const { rows } = await db.query<InvitationRow>(
    `select id, team_id, email, expires_at, accepted_at, cancelled_at
       from team_invitations where token_hash = $1 ${forUpdate ? 'for update' : ''}`,
    [hashToken(token)],
  )
  return rows[0] ?? null
}

/** What the /convite page shows before the person signs in. */
export async function previewInvitation(db: Queryable, token: string): Promise<InvitationPreview> {
  const inv = await invitationByToken(db, token)
  if (!inv) throw new InvitationNotFoundError()
  const { rows } = await db.query<{ name: string }>(
    'select p.name from teams t join profiles p on p.id = t.owner_user_id where t.id = $1',
    [inv.team_id],
  )
  return {
    email: inv.email,
    owner_name: rows[0]?.name ?? '',
    expires_at: inv.expires_at.toISOString(),
    status: statusOf(inv),
  }
}

/**
 * The signed-in user joins the team of the invitation. Their verified e-mail must be the one
 * invited; the team row is locked first (the order every seat change takes), then the
 * invitation, so an acceptance and a cancellation or a new invitation serialise.
 */
export async function acceptInvitation(
  db: Db,
  { token, user }: { token: string; user: { id: string; email: string; emailVerified: boolean } },
): Promise<{ teamId: number }> {
  const alreadyInTeam = () =>
    new TeamConflictError(
      'Você já faz parte de uma equipe. Saia dela antes de aceitar outro convite.',
      'ALREADY_IN_TEAM',
    )
  return withTransaction(db, async (tx) => {
    // The person first: two acceptances of theirs (different teams, so different team locks)
    // wait for each other here, and the second finds the first's membership (issue 25).
    await tx.query('select 1 from profiles where id = $1 for update', [user.id])
    const found = await invitationByToken(tx, token)
    if (!found) throw new InvitationNotFoundError()
    const team = await teamById(tx, { teamId: found.team_id, forUpdate: true })
    const inv = await invitationByToken(tx, token, true)
    if (!team || !inv) throw new InvitationNotFoundError()
    const status = statusOf(inv)
    if (status !== 'pending') throw new InvitationClosedError(status)
    if (!user.emailVerified || user.email.toLowerCase() !== inv.email)
      throw new InvitationEmailMismatchError()
    if (user.id === team.owner_user_id)
      throw new TeamConflictError('Você já é o titular desta equipe.', 'ALREADY_MEMBER')
    const current = await teamOfUser(tx, { userId: user.id })
    if (current?.role === 'member') throw alreadyInTeam()
    if (current?.role === 'owner') {
      const own = await seatsTaken(tx, { teamId: current.team.id })
      if (own.members + own.pending > 0)
        throw new TeamConflictError(
          'Você é titular de uma equipe com membros ou convites. Encerre-a antes de entrar em outra.',
          'OWNS_TEAM',
        )
    }
    if (!team.allows_team)
      throw new TeamConflictError(
        'O plano atual do titular desta equipe não permite membros.',
        'TEAM_UNAVAILABLE',
      )
    const seats = await seatsTaken(tx, { teamId: team.id })
    if (1 + seats.members + 1 > team.max_users)
      throw new SeatsFullError(team.max_users, team.plan_name)
    await tx
      .query('insert into team_members (team_id, user_id) values ($1, $2)', [team.id, user.id])
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? alreadyInTeam() : error
      })
    await tx.query(
      'update team_invitations set accepted_at = now(), accepted_by = $2 where id = $1',
      [inv.id, user.id],
    )
    return { teamId: team.id }
  })
}

/**
 * DELETE /api/team/members/:user_id: the owner removes a member, or a member leaves (their own
 * id). Their entries stay in the team's ledger; from the next request on, they work in their
 * own ledger.
 */
export async function removeMember(
  db: Db,
  { callerId, memberId }: { callerId: string; memberId: string },
): Promise<void> {
  await withTransaction(db, async (tx) => {
    const mine = await teamOfUser(tx, { userId: callerId })
    if (!mine) throw new MemberNotFoundError()
    if (mine.role === 'member' && memberId !== callerId) throw new NotTeamOwnerError()
    if (mine.role === 'owner' && memberId === callerId)
      throw new TeamConflictError(
        'O titular não pode sair da própria equipe.',
        'OWNER_CANNOT_LEAVE',
      )
    await teamById(tx, { teamId: mine.team.id, forUpdate: true })
    const { rowCount } = await tx.query(
      'delete from team_members where team_id = $1 and user_id = $2',
      [mine.team.id, memberId],
    )
    if (!rowCount) throw new MemberNotFoundError()
  })
}

/** DELETE /api/team/invitations/:id: the owner cancels a pending invitation (seat freed). */
export async function cancelInvitation(
  db: Db,
  { callerId, invitationId }: { callerId: string; invitationId: number },
): Promise<void> {
  await withTransaction(db, async (tx) => {
    const mine = await teamOfUser(tx, { userId: callerId })
    if (!mine) throw new InvitationNotFoundError()
    if (mine.role !== 'owner') throw new NotTeamOwnerError()
    await teamById(tx, { teamId: mine.team.id, forUpdate: true })
    const { rowCount } = await tx.query(
      `update team_invitations set cancelled_at = now()
        where id = $1 and team_id = $2 and accepted_at is null and cancelled_at is null`,
      [invitationId, mine.team.id],
    )
    if (!rowCount) throw new InvitationNotFoundError()
  })
}
