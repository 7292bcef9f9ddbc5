import { registerHooks } from './hooks.ts'
import { type AppDeps, deriveApiKeySecret, PlansCache } from '../tenancy/index.ts'
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
import { type Database, type Env, loadStaticFiles, type Logger } from '../platform/index.ts'
import { createApp } from './create-app.ts'
import { type JobRunner, startJobRunner } from './job-runner.ts'

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist')

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
      plans,
      auth,
      authRateLimiter,
      passwordHasher,
      apiKeySecret: deriveApiKeySecret(secret),
    }
    const app = createApp(deps, loadStaticFiles(webDist))
    if (env.WORKER === 'on') runner = await startJobRunner(db.pool, log, env)

    const server = serve({ fetch: app.fetch, port: env.PORT, hostname: '0.0.0.0' })
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve)
      server.once('error', reject)
    })
    const port = (server.address() as AddressInfo).port

    let closing: Promise<void> | null = null
    const close = () => {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          if ('closeIdleConnections' in server) server.closeIdleConnections()
          // Keep-alive connections that never go idle get 10 s to finish, then are cut.
          setTimeout(() => {
            if ('closeAllConnections' in server) server.closeAllConnections()
          }, 10_000).unref()
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
