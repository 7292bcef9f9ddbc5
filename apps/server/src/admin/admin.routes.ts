import { type AccountsDeps, type AuthedBindings, requireAdmin } from '../accounts/index.ts'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { adminHandlers } from './admin.handlers.ts'

/** Personal data: never kept by a browser or proxy cache. */
const noStore = createMiddleware(async (c, next) => {
  await next()
  c.header('Cache-Control', 'no-store')
})

/**
 * /api/admin/* (ARCHITECTURE §5, and beyond it: see
 * docs/decisions/007-admin-panel-statistics-and-lists.md). 401 without a session, 403 for
 * anyone but an admin, checked on every request. The guard is on each route rather than on
 * '/admin/*', which would also wrap other features' admin routes.
 */
export function adminRoutes(deps: AccountsDeps) {
  const admin = requireAdmin(deps)
  const h = adminHandlers(deps)
  return new Hono<AuthedBindings>()
    .get('/admin/users', noStore, admin, h.users)
    .get('/admin/subscribers', noStore, admin, h.subscribers)
    .get('/admin/stats', noStore, admin, h.stats)
    .get('/admin/waitlist', noStore, admin, h.waitlist)
    .get('/admin/waitlist.csv', noStore, admin, h.waitlistCsv)
}
