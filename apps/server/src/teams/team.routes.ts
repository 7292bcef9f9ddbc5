import { type AppDeps, requireFeature, requireLedgerCaller } from '../tenancy/index.ts'
import { Hono } from 'hono'
import { type AuthedBindings, requireUser } from '../accounts/index.ts'
import { apiDoc } from '../platform/index.ts'
import { teamSummaryExample, teamSummaryQuerySchema, teamSummarySchema } from '@equilibrai/shared'
import { teamHandlers } from './team.handlers.ts'

const summaryDoc = apiDoc({
  tag: 'Equipe',
  summary: 'Entradas, saídas e lançamentos de cada pessoa da equipe no mês',
  description: 'O mês de São Paulo; sem `month`, o atual.',
  query: teamSummaryQuerySchema,
  feature: 'dashboard_equipe',
  response: { schema: teamSummarySchema, example: teamSummaryExample },
})

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
      summaryDoc,
      h.summary,
    )
}
