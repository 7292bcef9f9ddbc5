import type { AppDeps, LedgerBindings } from '../tenancy/index.ts'
import { saoPauloMonth, teamInvitationSchema, teamSummaryQuerySchema } from '@equilibrai/shared'
import type { Context } from 'hono'
import type { AuthedBindings } from '../accounts/index.ts'
import { parseBody, parseQuery, pathId } from '../platform/index.ts'
import { InvitationNotFoundError } from './team-errors.ts'
import { teamOfUser, teamSummary, teamView } from './team.queries.ts'
import {
  acceptInvitation,
  cancelInvitation,
  createInvitation,
  previewInvitation,
  removeMember,
  teamToShow,
} from './team-service.ts'

type Ctx = Context<AuthedBindings>

export function teamHandlers(deps: AppDeps) {
  const { db } = deps
  return {
    /**
     * GET /api/team: the caller's team. A member sees it read-only (no invitations); an owner
     * whose plan stopped allowing members still sees it, as 'suspended'; a person on a plan
     * with dashboard_equipe gets their (new, empty) team; anyone else 403.
     */
    async get(c: Ctx) {
      return c.json(await teamView(db, await teamToShow(db, { userId: c.get('user').id })))
    },

    /** POST /api/team/invitations {email} → 201 {id, email, expires_at}; 409 SEATS_FULL. */
    async invite(c: Ctx) {
      const { email } = await parseBody(c, teamInvitationSchema)
      const invitation = await createInvitation(db, {
        ownerId: c.get('user').id,
        email,
        publicUrl: deps.env.PUBLIC_URL,
      })
      return c.json(invitation, 201)
    },

    /** GET /api/team/invitations/:token: anyone holding the link (the /convite page). */
    async preview(c: Context) {
      return c.json(await previewInvitation(db, c.req.param('token') ?? ''))
    },

    /** POST /api/team/invitations/:token/accept: the signed-in user with that e-mail joins. */
    async accept(c: Ctx) {
      const user = c.get('user')
      await acceptInvitation(db, {
        token: c.req.param('token') ?? '',
        user: { id: user.id, email: user.email, emailVerified: user.emailVerified },
      })
      const mine = await teamOfUser(db, { userId: user.id })
      if (!mine) throw new InvitationNotFoundError()
      return c.json(await teamView(db, mine))
    },

    async removeMember(c: Ctx) {
      await removeMember(db, { callerId: c.get('user').id, memberId: c.req.param('userId') ?? '' })
      return c.body(null, 204)
    },

    async cancelInvitation(c: Ctx) {
      const invitationId = pathId(c, () => new InvitationNotFoundError())
      await cancelInvitation(db, { callerId: c.get('user').id, invitationId })
      return c.body(null, 204)
    },

    /** GET /api/v1/team/summary?month=: per person, the ledger's month (dashboard_equipe). */
    async summary(c: Context<LedgerBindings>) {
      const { month } = parseQuery(c, teamSummaryQuerySchema)
      return c.json(
        await teamSummary(db, {
          ledgerId: c.var.caller.ledgerId,
          month: month ?? saoPauloMonth(new Date()),
        }),
      )
    },
  }
}
