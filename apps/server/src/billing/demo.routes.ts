import { type AppDeps, getPlan } from '../tenancy/index.ts'
import { formatDatePtBR, formatPrice } from '@equilibrai/shared'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { dashboardUrl } from './billing-context.ts'
import { getBillingAccount } from './billing-account.queries.ts'
import { cancelDemoSubscription, confirmDemoCheckout } from './demo-billing.ts'
import { getDemoSession } from './demo-billing.queries.ts'
import { type AppBindings, UnauthorizedError } from '../platform/index.ts'
import { type AuthedBindings, requireUser } from '../accounts/index.ts'
import { demoCheckoutPage, demoLinkGonePage, demoPortalPage } from './demo-pages.ts'

/**
 * /api/billing/demo/*: the simulated checkout and portal (mounted only in demo mode). Pages
 * for a browser, so a visitor without a session is sent to sign in rather than shown JSON.
 * A link acts only for the user it was made for; a form post from another site carries no
 * session cookie (SameSite=Lax), and the link's random id is needed besides.
 */
export function demoBillingRoutes(deps: AppDeps) {
  const { db, env } = deps
  const user = requireUser(deps)
  const signedIn = createMiddleware<AuthedBindings>(async (c, next) => {
    try {
      await user(c, next)
    } catch (error) {
      if (error instanceof UnauthorizedError) return c.redirect('/auth', 303)
      throw error
    }
  })
  const gone = demoLinkGonePage(dashboardUrl(env))

  return new Hono<AppBindings>()
    .get('/checkout/:id', signedIn, async (c) => {
      const id = c.req.param('id')
      const session = await getDemoSession(db, { id, userId: c.get('user').id, kind: 'checkout' })
      const plan = session?.plan_type ? await getPlan(db, session.plan_type) : null
      if (!plan) return c.html(gone, 410)
      return c.html(
        demoCheckoutPage({
          action: `/api/billing/demo/checkout/${encodeURIComponent(id)}/confirm`,
          cancelUrl: dashboardUrl(env, 'cancel'),
          planName: plan.name,
          price: formatPrice(plan.price_monthly),
        }),
      )
    })
    .post('/checkout/:id/confirm', signedIn, async (c) => {
      const outcome = await confirmDemoCheckout(db, {
        sessionId: c.req.param('id'),
        userId: c.get('user').id,
      })
      if (!outcome) return c.html(gone, 410)
      return c.redirect(dashboardUrl(env, 'success'), 303)
    })
    .get('/portal/:id', signedIn, async (c) => {
      const id = c.req.param('id')
      const userId = c.get('user').id
      const session = await getDemoSession(db, { id, userId, kind: 'portal' })
      const account = session ? await getBillingAccount(db, { userId }) : null
      const plan = account ? await getPlan(db, account.plan_type) : null
      if (!account || !plan) return c.html(gone, 410)
      return c.html(
        demoPortalPage({
          action: `/api/billing/demo/portal/${encodeURIComponent(id)}/cancel`,
          backUrl: dashboardUrl(env),
          planName: plan.name,
          renewal: account.current_period_end ? formatDatePtBR(account.current_period_end) : null,
        }),
      )
    })
    .post('/portal/:id/cancel', signedIn, async (c) => {
      const outcome = await cancelDemoSubscription(db, {
        sessionId: c.req.param('id'),
        userId: c.get('user').id,
      })
      if (!outcome) return c.html(gone, 410)
      return c.redirect(dashboardUrl(env), 303)
    })
}
