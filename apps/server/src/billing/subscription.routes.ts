import { Hono } from 'hono'
import type { AppBindings, AppDeps } from '../platform/http/app-types.ts'
import { requireUser } from '../accounts/auth-guards.ts'
import { NotFoundError } from '../platform/errors.ts'
import { getSubscription } from './subscribers.queries.ts'

/** GET /api/subscription: the user's own subscribers row with its plan_features nested. */
export function subscriptionRoutes(deps: AppDeps) {
  return new Hono<AppBindings>().get('/subscription', requireUser(deps), async (c) => {
    const subscription = await getSubscription(deps.db, { userId: c.get('user').id })
    if (!subscription) throw new NotFoundError('Assinatura não encontrada.')
    return c.json(subscription)
  })
}
