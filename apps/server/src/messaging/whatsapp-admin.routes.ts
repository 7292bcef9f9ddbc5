import type { AppDeps } from '../tenancy/index.ts'
import { Hono } from 'hono'
import { z } from 'zod'
import { type AppBindings, parseQuery } from '../platform/index.ts'
import { requireAdmin } from '../accounts/index.ts'
import { recentFailures } from './failures.ts'

const failuresQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
})

/** GET /api/admin/whatsapp/failures: recent messages that could not be sent (never their text). */
export function whatsappAdminRoutes(deps: AppDeps) {
  return new Hono<AppBindings>().get('/admin/whatsapp/failures', requireAdmin(deps), async (c) => {
    const { limit } = parseQuery(c, failuresQuery)
    return c.json({ data: await recentFailures(deps.db, { limit }) })
  })
}
