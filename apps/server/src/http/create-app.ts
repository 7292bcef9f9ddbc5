import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { adminRoutes } from '../routes/admin/index.ts'
import { alertsRoutes } from '../routes/alerts/index.ts'
import { billsRoutes } from '../routes/bills/index.ts'
import { budgetsRoutes } from '../routes/budgets/index.ts'
import { recurringRoutes } from '../routes/recurring/index.ts'
import { analysisRoutes } from '../routes/analysis/index.ts'
import { apiKeysRoutes } from '../routes/api-keys/index.ts'
import { authRoutes } from '../routes/auth/auth.routes.ts'
import { billingRoutes } from '../routes/billing/billing.routes.ts'
import { healthRoutes } from '../routes/health/health.routes.ts'
import { meRoutes } from '../routes/me/me.routes.ts'
import { notificationSettingsRoutes } from '../routes/notification-settings/index.ts'
import { publicApiDocsRoutes } from '../routes/public-api-docs/public-api-docs.routes.ts'
import { plansRoutes } from '../routes/plans/plans.routes.ts'
import { privacyRoutes } from '../routes/privacy/privacy.routes.ts'
import { profileRoutes } from '../routes/profile/profile.routes.ts'
import { reportsRoutes } from '../routes/reports/index.ts'
import { stripeWebhookRoutes } from '../routes/stripe-webhook/stripe-webhook.routes.ts'
import { summaryRoutes } from '../routes/summary/index.ts'
import { supportRoutes } from '../routes/support/index.ts'
import { teamRoutes } from '../routes/team/index.ts'
import { subscriptionRoutes } from '../routes/subscription/subscription.routes.ts'
import { transactionsRoutes } from '../routes/transactions/index.ts'
import { usageRoutes } from '../routes/usage/index.ts'
import { webhookEndpointsRoutes } from '../routes/webhook-endpoints/index.ts'
import { waitlistRoutes } from '../routes/waitlist/waitlist.routes.ts'
import { whatsappRoutes } from '../routes/whatsapp/whatsapp.routes.ts'
import { whatsappAdminRoutes } from '../routes/whatsapp/whatsapp-admin.routes.ts'
import { whatsappSimulatorRoutes } from '../routes/whatsapp-simulator/whatsapp-simulator.routes.ts'
import { whatsappWebhookRoutes } from '../routes/whatsapp-webhook/whatsapp-webhook.routes.ts'
import type { AppBindings, AppDeps } from './app-types.ts'
import { crossSiteGuard } from './cross-site.ts'
import { AppError } from '../errors.ts'
import { errorBody, onError } from './errors.ts'
import { rejectMalformedUrl, rejectNulInput } from './input-hygiene.ts'
import { requestLog } from './request-log.ts'
import { noStoreByDefault, serverRequestId } from './response-policy.ts'
import { securityHeaders } from './security-headers.ts'
import { serveStatic, type loadStaticFiles } from './static-files.ts'

export type StaticFiles = ReturnType<typeof loadStaticFiles>

export function createApp(deps: AppDeps, staticFiles: StaticFiles = new Map()) {
  const app = new Hono<AppBindings>()
  app.use(serverRequestId())
  app.use(securityHeaders(deps.env.NODE_ENV === 'production'))
  app.use(requestLog(deps.log))
  app.use(rejectMalformedUrl())
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: 1024 * 1024,
      onError: () => {
        // The rest of the body is not read, so the connection cannot be reused.
        throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'Conteúdo grande demais.', {
          Connection: 'close',
        })
      },
    }),
  )
  app.use('/api/*', noStoreByDefault())
  app.use('/api/*', crossSiteGuard(deps.env.PUBLIC_URL))
  app.use('/api/*', rejectNulInput())

  const api = new Hono<AppBindings>()
  api.route('/', healthRoutes(deps))
  api.route('/', plansRoutes(deps))
  api.route('/', authRoutes(deps))
  api.route('/', meRoutes(deps))
  api.route('/', privacyRoutes(deps))
  api.route('/', profileRoutes(deps))
  api.route('/', subscriptionRoutes(deps))
  api.route('/', billingRoutes(deps))
  api.route('/', stripeWebhookRoutes(deps))
  api.route('/', waitlistRoutes(deps))
  // Before transactionsRoutes: /v1/transactions.csv is not an entry id.
  api.route('/', reportsRoutes(deps))
  api.route('/', transactionsRoutes(deps))
  api.route('/', summaryRoutes(deps))
  api.route('/', usageRoutes(deps))
  api.route('/', notificationSettingsRoutes(deps))
  // Bills, recurring entries, budgets, alerts (issue 12).
  api.route('/', billsRoutes(deps))
  api.route('/', recurringRoutes(deps))
  api.route('/', budgetsRoutes(deps))
  api.route('/', alertsRoutes(deps))
  api.route('/', teamRoutes(deps))
  api.route('/', analysisRoutes(deps))
  api.route('/', supportRoutes(deps))
  api.route('/', apiKeysRoutes(deps))
  api.route('/', webhookEndpointsRoutes(deps))
  api.route('/', whatsappWebhookRoutes(deps))
  api.route('/', whatsappRoutes(deps))
  api.route('/', adminRoutes(deps))
  api.route('/', whatsappAdminRoutes(deps))
  api.route('/', whatsappSimulatorRoutes(deps))
  app.route('/api', api)
  app.route(
    '/',
    publicApiDocsRoutes(deps, () => app),
  )

  app.notFound((c) => c.json(errorBody('NOT_FOUND', 'Rota não encontrada.'), 404))
  app.use('*', serveStatic(staticFiles))
  app.onError(onError(deps.log))
  return app
}
