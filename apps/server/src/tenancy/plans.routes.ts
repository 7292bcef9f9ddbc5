import type { AppDeps } from './app-deps.ts'
import { Hono } from 'hono'
import type { AppBindings } from '../platform/index.ts'

/** GET /api/plans: plan_features rows by monthly price, from the instance's cache. */
export function plansRoutes({ plans }: AppDeps) {
  return new Hono<AppBindings>().get('/plans', async (c) => {
    const cached = await plans.get()
    c.header('ETag', cached.etag)
    c.header('Cache-Control', 'public, max-age=0, must-revalidate')
    c.header('Vary', 'Accept-Encoding')
    if (c.req.header('if-none-match') === cached.etag) return c.body(null, 304)
    c.header('Content-Type', 'application/json; charset=utf-8')
    if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
      c.header('Content-Encoding', 'gzip')
      return c.body(new Uint8Array(cached.gzip))
    }
    return c.body(cached.json)
  })
}
