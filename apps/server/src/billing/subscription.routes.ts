import type { AppDeps } from '../tenancy/index.ts'
import { Hono } from 'hono'
import { type AppBindings, NotFoundError } from '../platform/index.ts'
import { requireUser } from '../accounts/index.ts'
import { getSubscription } from './subscribers.queries.ts'

/** GET /api/subscription: the user's own subscribers row with its plan_features nested. */
export function subscriptionRoutes(deps: AppDeps) {
  return new Hono<AppBindings>().get('/subscription', requireUser(deps), async (c) => {
    const subscription = await getSubscription(deps.db, { userId: c.get('user').id })
    if (!subscription) throw new NotFoundError('Assinatura não encontrada.')
    return c.json(subscription)
  })
}
