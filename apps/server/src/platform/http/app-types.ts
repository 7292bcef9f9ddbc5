import type { Auth } from '../../accounts/auth.ts'
import type { AuthRateLimiter } from '../../accounts/auth-rate-limits.ts'
import type { PasswordHasher } from '../../accounts/password-hasher.ts'
import type { Db } from '../db/database.ts'
import type { Env } from '../env.ts'
import type { Logger } from '../logger.ts'
import type { Mailer } from '../mail/mailer.ts'
import type { PlansCache } from '../../tenancy/plans-cache.ts'
import type { NodeBindings } from './client-ip.ts'

/** What every route factory receives: the process's configured parts, never globals. */
export type AppDeps = {
  env: Env
  db: Db
  log: Logger
  plans: PlansCache
  /** Better Auth (auth/auth.ts): sessions, sign-in, sign-up, e-mail confirmation, reset. */
  auth: Auth
  authRateLimiter: AuthRateLimiter
  passwordHasher: PasswordHasher
  mailer: Mailer
  /** HMAC key for API keys, derived from AUTH_SECRET (public-api/api-keys.ts). */
  apiKeySecret: Buffer
}

export type AppBindings = {
  Bindings: NodeBindings
  Variables: {
    requestId: string
  }
}
