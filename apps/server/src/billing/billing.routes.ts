import type { AppDeps } from '../tenancy/index.ts'
import { checkoutSessionSchema } from '@equilibrai/shared'
import { Hono } from 'hono'
import { createBillingContext } from './billing-context.ts'
import { createCheckoutUrl, createPortalUrl } from './checkout.ts'
import { type AppBindings, parseBody } from '../platform/index.ts'
import { requireUser } from '../accounts/index.ts'
import { demoBillingRoutes } from './demo.routes.ts'

/**
 * POST /api/billing/checkout-session {priceId} → {url} and POST /api/billing/portal-session →
 * {url}, for the signed-in user; plus the simulated checkout and portal pages in demo mode.
 */
export function billingRoutes(deps: AppDeps) {
  const ctx = createBillingContext(deps)
  const app = new Hono<AppBindings>()
    .post('/billing/checkout-session', requireUser(deps), async (c) => {
      const { priceId } = await parseBody(c, checkoutSessionSchema)
      const url = await createCheckoutUrl(ctx, { userId: c.get('user').id, priceId })
      return c.json({ url })
    })
    .post('/billing/portal-session', requireUser(deps), async (c) => {
      const url = await createPortalUrl(ctx, { userId: c.get('user').id })
      return c.json({ url })
    })
  if (ctx.mode === 'demo') app.route('/billing/demo', demoBillingRoutes(deps))
  return app
}
