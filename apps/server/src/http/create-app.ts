import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { requestId } from 'hono/request-id'
import { healthRoutes } from '../routes/health/health.routes.ts'
import { plansRoutes } from '../routes/plans/plans.routes.ts'
import { waitlistRoutes } from '../routes/waitlist/waitlist.routes.ts'
import type { AppBindings, AppDeps } from './app-types.ts'
import { AppError, errorBody, onError } from './errors.ts'
import { requestLog } from './request-log.ts'
import { securityHeaders } from './security-headers.ts'
import { serveStatic, type loadStaticFiles } from './static-files.ts'

export type StaticFiles = ReturnType<typeof loadStaticFiles>

export function createApp(deps: AppDeps, staticFiles: StaticFiles = new Map()) {
  const app = new Hono<AppBindings>()
  app.use(requestId())
  app.use(securityHeaders(deps.env.NODE_ENV === 'production'))
  app.use(requestLog(deps.log))
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

  const api = new Hono<AppBindings>()
  api.route('/', healthRoutes(deps))
  api.route('/', plansRoutes(deps))
  api.route('/', waitlistRoutes(deps))
  app.route('/api', api)

  app.notFound((c) => c.json(errorBody('NOT_FOUND', 'Rota não encontrada.'), 404))
  app.use('*', serveStatic(staticFiles))
  app.onError(onError(deps.log))
  return app
}
