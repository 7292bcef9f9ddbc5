import { Hono } from 'hono'
import type { AppBindings, AppDeps } from '../../http/app-types.ts'

export function healthRoutes({ db }: AppDeps) {
  return new Hono<AppBindings>().get('/health', async (c) => {
    try {
      await db.query('select 1')
      return c.json({ status: 'ok' })
    } catch {
      return c.json({ status: 'unavailable' }, 503)
    }
  })
}
