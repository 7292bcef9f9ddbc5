import type { AppDeps } from '../tenancy/index.ts'
import { Hono } from 'hono'
import type { AppBindings } from '../platform/index.ts'

export function healthRoutes({ db }: AppDeps) {
  return (
    new Hono<AppBindings>()
      // Liveness: the process answers, without touching the database (load balancers, benchmarks).
      .get('/health/live', (c) => c.json({ status: 'ok' }))
      .get('/health', async (c) => {
        try {
          await db.query('select 1')
          return c.json({ status: 'ok' })
        } catch {
          return c.json({ status: 'unavailable' }, 503)
        }
      })
  )
}
