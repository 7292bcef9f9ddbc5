import { registerHooks } from './hooks.ts'
import { type AppDeps, deriveApiKeySecret, PlansCache } from '../tenancy/index.ts'
import type http from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import {
  createAuth,
  type AuthRateLimits,
  createAuthRateLimiter,
  resolveAuthSecret,
  createPasswordHasher,
} from '../accounts/index.ts'
import { prepareBillingCatalog, billingMode } from '../billing/index.ts'
import { openReadyDatabase } from './bootstrap.ts'
import {
  createLanes,
  type Database,
  type Env,
  errorBody,
  loadStaticFiles,
  type Logger,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
} from '../platform/index.ts'
import { createApp } from './create-app.ts'
import { type JobRunner, startJobRunner } from './job-runner.ts'

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist')

/** How long requests in flight get to finish once a shutdown starts. */
const DRAIN_LIMIT_MS = 30_000

const drainingResponse = () =>
  Response.json(errorBody('UNAVAILABLE', 'Servidor reiniciando. Tente novamente em instantes.'), {
    status: 503,
    headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS), Connection: 'close' },
  })

export type RunningServer = {
  url: string
  port: number
  deps: AppDeps
  database: Database
  close(): Promise<void>
}

export type StartOptions = {
  env: Env
  log: Logger
  /** An already opened database (tests); otherwise DATABASE_URL or the embedded one. */
  database?: Database
  webDist?: string
  /** Lower or raise the auth rate limits (tests); the defaults apply in every NODE_ENV. */
  authRateLimits?: Partial<AuthRateLimits>
}

/**
 * Starts everything one instance runs: database (migrated and seeded), HTTP, and the job runner
 * unless WORKER=off. `close()` shuts down in order: stop accepting, drain in-flight requests,
 * stop jobs, then the database.
 */
export async function startServer({
  env,
  log,
  database,
  webDist = WEB_DIST,
  authRateLimits,
}: StartOptions): Promise<RunningServer> {
  registerHooks()
  const db = database ?? (await openReadyDatabase(env, 'server', log))
  const plans = new PlansCache(db.pool, db.url, log)
  let runner: JobRunner | null = null
  try {
    await plans.start()
    await prepareBillingCatalog(db.pool, billingMode(env))
    const secret = resolveAuthSecret(env)
    const passwordHasher = createPasswordHasher()
    const authRateLimiter = createAuthRateLimiter(db.pool, secret, authRateLimits)
    const auth = createAuth({
      env,
      db: db.pool,
      log,
      hasher: passwordHasher,
      rateLimiter: authRateLimiter,
      secret,
    })
    const deps: AppDeps = {
      env,
      db: db.pool,
      log,
      lanes: createLanes(env),
      plans,
      auth,
      authRateLimiter,
      passwordHasher,
      apiKeySecret: deriveApiKeySecret(secret),
    }
    const app = createApp(deps, loadStaticFiles(webDist))
    if (env.WORKER === 'on') runner = await startJobRunner(db.pool, log, env)

    let draining = false
    // A request that reaches a draining server on a connection still open (keep-alive) is
    // refused, never half-done: 503 + Retry-After, which the client may safely retry elsewhere.
    const fetch: typeof app.fetch = (request, ...rest) =>
      draining ? drainingResponse() : app.fetch(request, ...rest)
    // serve() makes a node:http server unless told otherwise (no http2/https options here).
    const server = serve({ fetch, port: env.PORT, hostname: '0.0.0.0' }) as http.Server
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve)
      server.once('error', reject)
    })
    const port = (server.address() as AddressInfo).port
    // Responses not yet written when the drain starts, and any written during it, carry
    // `Connection: close`: the client's next request opens a new connection (elsewhere).
    const unanswered = new Set<ServerResponse>()
    server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
      if (draining) res.setHeader('Connection', 'close')
      unanswered.add(res)
      res.once('close', () => unanswered.delete(res))
    })

    let closing: Promise<void> | null = null
    const close = () => {
      closing ??= (async () => {
        draining = true
        for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close')
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          // Connections go idle as their last response ends (a streamed one could not say
          // close): each is closed then.
          const idle = setInterval(() => server.closeIdleConnections(), 100)
          idle.unref()
          server.once('close', () => clearInterval(idle))
          server.closeIdleConnections()
          // A request still running after this long is cut: the last resort.
          setTimeout(() => server.closeAllConnections(), DRAIN_LIMIT_MS).unref()
        })
        await runner?.stop()
        await plans.stop()
        if (!database) await db.close()
      })()
      return closing
    }
    return { url: `http://localhost:${port}`, port, deps, database: db, close }
  } catch (error) {
    await runner?.stop()
    await plans.stop()
    if (!database) await db.close()
    throw error
  }
}
