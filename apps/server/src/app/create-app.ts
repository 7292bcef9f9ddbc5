import { type AppDeps, apiKeysRoutes, plansRoutes } from '../tenancy/index.ts'
import { Hono } from 'hono'
import { adminRoutes, waitlistRoutes } from '../admin/index.ts'
import { alertsRoutes } from '../alerts/index.ts'
import { billsRoutes } from '../bills/index.ts'
import { budgetsRoutes } from '../budgets/index.ts'
import { recurringRoutes } from '../recurring/index.ts'
import { analysisRoutes } from '../analysis/index.ts'
import { authRoutes, meRoutes, profileRoutes } from '../accounts/index.ts'
import { billingRoutes, stripeWebhookRoutes, subscriptionRoutes } from '../billing/index.ts'
import { healthRoutes } from './health.routes.ts'
import {
  notificationSettingsRoutes,
  whatsappRoutes,
  whatsappAdminRoutes,
  whatsappWebhookRoutes,
} from '../messaging/index.ts'
import { publicApiDocsRoutes } from './public-api-docs.routes.ts'
import { privacyRoutes } from '../privacy/index.ts'
import { reportsRoutes } from '../reports/index.ts'
import {
  accountsRoutes,
  customCategoriesRoutes,
  summaryRoutes,
  transactionsRoutes,
  transfersRoutes,
  importsRoutes,
  usageRoutes,
} from '../ledger/index.ts'
import { supportRoutes } from '../support/index.ts'
import { teamRoutes } from '../teams/index.ts'
import {
  connectionsRoutes,
  pluggyWebhookRoutes,
  webhookEndpointsRoutes,
} from '../integrations/index.ts'
import { whatsappSimulatorRoutes } from '../assistant/index.ts'
import {
  type AppBindings,
  apiLane,
  crossSiteGuard,
  declaredBodyLimit,
  AppError,
  errorBody,
  isFileUpload,
  onError,
  rejectMalformedUrl,
  rejectNulInput,
  requestLog,
  noStoreByDefault,
  serverRequestId,
  securityHeaders,
  serveStatic,
  type loadStaticFiles,
} from '../platform/index.ts'

export type StaticFiles = ReturnType<typeof loadStaticFiles>

export function createApp(deps: AppDeps, staticFiles: StaticFiles = new Map()) {
  const app = new Hono<AppBindings>()
  app.use(serverRequestId())
  app.use(securityHeaders(deps.env.NODE_ENV === 'production'))
  app.use(requestLog(deps.log))
  app.use(rejectMalformedUrl())
  const jsonBodyLimit = declaredBodyLimit(1024 * 1024, () => {
    // The rest of the body is not read, so the connection cannot be reused.
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'Conteúdo grande demais.', {
      Connection: 'close',
    })
  })
  // A statement upload has its own limit (10 MB, imports.routes.ts). declaredBodyLimit lets a
  // GET or HEAD through and decides a sized body from its header, without hono's bodyLimit
  // building a full Request from node's message (ADR 036 and ADR 037, 2026-11-26 late).
  app.use('/api/*', (c, next) => (isFileUpload(c) ? next() : jsonBodyLimit(c, next)))
  app.use('/api/*', noStoreByDefault())
  app.use('/api/*', crossSiteGuard(deps.env.PUBLIC_URL))
  app.use('/api/*', rejectNulInput())
  // Last of the checks: a request refused above never waits for a turn.
  app.use('/api/*', apiLane(deps.lanes.api))

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
  // Accounts, cards and their bills, transfers (issue 21).
  api.route('/', accountsRoutes(deps))
  api.route('/', customCategoriesRoutes(deps))
  api.route('/', transfersRoutes(deps))
  // Statement files (issue 22).
  api.route('/', importsRoutes(deps))
  // Open Finance: bank connections through the aggregator (issue 23).
  api.route('/', connectionsRoutes(deps))
  api.route('/', pluggyWebhookRoutes(deps))
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
