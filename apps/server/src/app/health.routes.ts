import type { AppDeps } from '../tenancy/index.ts'
import { Hono } from 'hono'
import { type AppBindings, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../platform/index.ts'

/**
 * How long /api/health waits for the database: a load balancer must learn within 5 s
 * (ARCHITECTURE §12) that this instance cannot serve, whatever the statement timeout.
 */
const HEALTH_DEADLINE_MS = 3_000

export function healthRoutes({ db }: AppDeps) {
  return (
    new Hono<AppBindings>()
      // Liveness: the process answers, without touching the database (load balancers, benchmarks).
      .get('/health/live', (c) => c.json({ status: 'ok' }))
      .get('/health', async (c) => {
        let timer: NodeJS.Timeout | undefined
        const deadline = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('health deadline')), HEALTH_DEADLINE_MS)
        })
        try {
          // A query that outlives the deadline still ends by the pool's own timeouts.
          await Promise.race([db.query('select 1'), deadline])
          return c.json({ status: 'ok' })
        } catch {
          c.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
          return c.json({ status: 'unavailable' }, 503)
        } finally {
          clearTimeout(timer)
        }
      })
  )
}
