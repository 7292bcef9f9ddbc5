import { Hono } from 'hono'
import { z } from 'zod'
import type { AppBindings, AppDeps } from '../platform/http/app-types.ts'
import { hasRole, requireUser } from './auth-guards.ts'
import { parseQuery } from '../platform/http/parse.ts'

const hasRoleQuery = z.object({
  role: z.literal('admin', { message: 'Papel desconhecido.' }),
})

/** GET /api/me/has-role?role=admin → {has_role}: the spec's has_role, for the signed-in user. */
export function meRoutes(deps: AppDeps) {
  return new Hono<AppBindings>().get('/me/has-role', requireUser(deps), (c) => {
    const { role } = parseQuery(c, hasRoleQuery)
    return c.json({ has_role: hasRole(c.get('user'), role) })
  })
}
