import type { AppDeps } from '../tenancy/index.ts'
import { Hono } from 'hono'
import { type AuthedBindings, requireUser } from '../accounts/index.ts'
import { requireFeature } from '../tenancy/index.ts'
import { requireLedgerCaller } from '../tenancy/index.ts'
import { apiDoc } from '../platform/index.ts'
import { teamSummaryDoc } from '../platform/index.ts'
import { teamSummaryQuerySchema } from '@equilibrai/shared'
import { teamHandlers } from './team.handlers.ts'

const summaryDoc = apiDoc({
  tag: 'Equipe',
  summary: 'Entradas, saídas e lançamentos de cada pessoa da equipe no mês',
  description: 'O mês de São Paulo; sem `month`, o atual.',
  query: teamSummaryQuerySchema,
  feature: 'dashboard_equipe',
  response: {
    schema: teamSummaryDoc,
    example: {
      month: '2026-11',
      members: [
        {
          user_id: 'u_8f3k2',
          name: 'Joana Padeira',
          income_cents: 35000,
          expense_cents: 4500,
          count: 2,
        },
        {
          user_id: 'u_1b9x7',
          name: 'Carlos Sócio',
          income_cents: 12000,
          expense_cents: 8000,
          count: 2,
        },
      ],
    },
  },
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
