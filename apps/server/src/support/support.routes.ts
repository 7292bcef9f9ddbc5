import { type AppDeps, requireSessionCaller } from '../tenancy/index.ts'
import {
  accountManagerSchema,
  supportAnswerSchema,
  supportRequestSchema,
  SUPPORT_TIERS,
} from '@equilibrai/shared'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { type AuthedBindings, requireAdmin } from '../accounts/index.ts'
import { NotFoundError, parseBody, pathId } from '../platform/index.ts'
import { answerAndNotify } from './support-answer.ts'
import {
  accountManagerFor,
  adminSupportQueue,
  listSupportRequests,
  openSupportRequest,
  setAccountManager,
  supportPlanOf,
} from './support.queries.ts'

/** Personal data: never kept by a browser or proxy cache. */
const noStore = createMiddleware(async (c, next) => {
  await next()
  c.header('Cache-Control', 'no-store')
})

/**
 * Support (ARCHITECTURE §8): POST / GET /api/support/requests for the signed-in person (with
 * their tier and, on Empresas 15, their account manager); the admin queue and answers under
 * /api/admin/support/requests; PUT /api/admin/account-managers names a customer's manager.
 */
export function supportRoutes(deps: AppDeps) {
  const { db } = deps
  const admin = requireAdmin(deps)
  // The caller's ledger read with the session (one round trip less).
  const caller = requireSessionCaller(deps)
  return new Hono<AuthedBindings>()
    .get('/support/requests', noStore, caller, async (c) => {
      const { userId, ownerId } = c.var.caller
      const plan = await supportPlanOf(db, { ownerId })
      return c.json({
        data: await listSupportRequests(db, { userId }),
        tier: SUPPORT_TIERS[plan.tier],
        account_manager: await accountManagerFor(db, { ownerId }),
      })
    })
    .post('/support/requests', caller, async (c) => {
      const input = await parseBody(c, supportRequestSchema)
      const { userId, ownerId } = c.var.caller
      const request = await openSupportRequest(db, {
        userId,
        ownerId,
        ...input,
        source: 'web',
      })
      return c.json(request, 201)
    })
    .get('/admin/support/requests', noStore, admin, async (c) => {
      const status = c.req.query('status') === 'answered' ? 'answered' : 'open'
      return c.json({ data: await adminSupportQueue(db, { status }) })
    })
    .patch('/admin/support/requests/:id', admin, async (c) => {
      const id = pathId(c, () => new NotFoundError('Solicitação não encontrada.'))
      const { answer } = await parseBody(c, supportAnswerSchema)
      const request = await answerAndNotify(db, {
        id,
        answer,
        adminId: c.get('user').id,
        publicUrl: deps.env.PUBLIC_URL,
      })
      return c.json(request)
    })
    .put('/admin/account-managers', admin, async (c) => {
      const input = await parseBody(c, accountManagerSchema)
      const customer = await setAccountManager(db, {
        customerEmail: input.customer_email,
        name: input.name,
        email: input.email,
        whatsapp: input.whatsapp,
        adminId: c.get('user').id,
      })
      return c.json({
        user_id: customer.userId,
        plan_type: customer.planType,
        account_manager: { name: input.name, email: input.email, whatsapp: input.whatsapp },
      })
    })
}
