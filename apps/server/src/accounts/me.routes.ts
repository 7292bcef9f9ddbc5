import type { AccountsDeps } from './accounts-deps.ts'
import { Hono } from 'hono'
import { z } from 'zod'
import { type AppBindings, parseQuery } from '../platform/index.ts'
import { hasRole, requireUser } from './auth-guards.ts'

const hasRoleQuery = z.object({
  role: z.literal('admin', { message: 'Papel desconhecido.' }),
})

/** GET /api/me/has-role?role=admin → {has_role}: the spec's has_role, for the signed-in user. */
export function meRoutes(deps: AccountsDeps) {
  return new Hono<AppBindings>().get('/me/has-role', requireUser(deps), (c) => {
    const { role } = parseQuery(c, hasRoleQuery)
    return c.json({ has_role: hasRole(c.get('user'), role) })
  })
}
