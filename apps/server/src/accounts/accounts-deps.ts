import type { PlatformDeps } from '../platform/index.ts'
import type { Auth } from './auth.ts'
import type { AuthRateLimiter } from './auth-rate-limits.ts'
import type { PasswordHasher } from './password-hasher.ts'

/** The route factories' parts up to accounts: the platform's and the sign-in machinery. */
export type AccountsDeps = PlatformDeps & {
  /** Better Auth (auth.ts): sessions, sign-in, sign-up, e-mail confirmation, reset. */
  auth: Auth
  authRateLimiter: AuthRateLimiter
  passwordHasher: PasswordHasher
}
