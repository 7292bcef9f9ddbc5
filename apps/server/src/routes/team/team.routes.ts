import { Hono } from 'hono'
import type { AppDeps } from '../../http/app-types.ts'
import { type AuthedBindings, requireUser } from '../../http/auth-guards.ts'
import { requireFeature } from '../../http/feature-guard.ts'
import { requireLedgerCaller } from '../../http/ledger-caller.ts'
import { teamHandlers } from './team.handlers.ts'

/**
 * Teams of the business plans (ARCHITECTURE §8). /api/team* manage the team (a session only:
 * members and billing are the owner's, not an API key's); /api/v1/team/summary reads the
 * ledger like every /api/v1 route.
 */
export function teamRoutes(deps: AppDeps) {
  const h = teamHandlers(deps)
  const user = requireUser(deps)
  return new Hono<AuthedBindings>()
    .get('/team/invitations/:token', h.preview)
    .get('/team', user, h.get)
    .post('/team/invitations', user, h.invite)
    .post('/team/invitations/:token/accept', user, h.accept)
    .delete('/team/members/:userId', user, h.removeMember)
    .delete('/team/invitations/:id', user, h.cancelInvitation)
    .get(
      '/v1/team/summary',
      requireLedgerCaller(deps),
      requireFeature(deps, 'dashboard_equipe'),
      h.summary,
    )
}
