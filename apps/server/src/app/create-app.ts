import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { adminRoutes } from '../admin/admin.routes.ts'
import { alertsRoutes } from '../alerts/alerts.routes.ts'
import { billsRoutes } from '../bills/bills.routes.ts'
import { budgetsRoutes } from '../budgets/budgets.routes.ts'
import { recurringRoutes } from '../recurring/recurring.routes.ts'
import { analysisRoutes } from '../analysis/analysis.routes.ts'
import { apiKeysRoutes } from '../tenancy/api-keys.routes.ts'
import { authRoutes } from '../accounts/auth.routes.ts'
import { billingRoutes } from '../billing/billing.routes.ts'
import { healthRoutes } from './health.routes.ts'
import { meRoutes } from '../accounts/me.routes.ts'
import { notificationSettingsRoutes } from '../messaging/notification-settings.routes.ts'
import { publicApiDocsRoutes } from './public-api-docs.routes.ts'
import { plansRoutes } from '../tenancy/plans.routes.ts'
import { privacyRoutes } from '../privacy/privacy.routes.ts'
import { profileRoutes } from '../accounts/profile.routes.ts'
import { reportsRoutes } from '../reports/reports.routes.ts'
import { stripeWebhookRoutes } from '../billing/stripe-webhook.routes.ts'
import { summaryRoutes } from '../ledger/summary.routes.ts'
import { supportRoutes } from '../support/support.routes.ts'
import { teamRoutes } from '../teams/team.routes.ts'
import { subscriptionRoutes } from '../billing/subscription.routes.ts'
import { transactionsRoutes } from '../ledger/transactions.routes.ts'
import { usageRoutes } from '../ledger/usage.routes.ts'
import { webhookEndpointsRoutes } from '../integrations/webhook-endpoints.routes.ts'
import { waitlistRoutes } from '../admin/waitlist.routes.ts'
import { whatsappRoutes } from '../messaging/whatsapp.routes.ts'
import { whatsappAdminRoutes } from '../messaging/whatsapp-admin.routes.ts'
import { whatsappSimulatorRoutes } from '../assistant/whatsapp-simulator.routes.ts'
import { whatsappWebhookRoutes } from '../messaging/whatsapp-webhook.routes.ts'
import type { AppBindings, AppDeps } from '../platform/http/app-types.ts'
import { crossSiteGuard } from '../platform/http/cross-site.ts'
import { AppError } from '../platform/errors.ts'
import { errorBody, onError } from '../platform/http/errors.ts'
import { rejectMalformedUrl, rejectNulInput } from '../platform/http/input-hygiene.ts'
import { requestLog } from '../platform/http/request-log.ts'
import { noStoreByDefault, serverRequestId } from '../platform/http/response-policy.ts'
import { securityHeaders } from '../platform/http/security-headers.ts'
import { serveStatic, type loadStaticFiles } from '../platform/http/static-files.ts'

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
