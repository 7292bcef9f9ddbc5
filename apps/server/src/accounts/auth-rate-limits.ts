import {
  type Db,
  RateLimitedError,
  consumeRateLimit,
  type RateLimitRule,
  rateLimitKey,
} from '../platform/index.ts'
import { createPasswordFailures, type PasswordFailures } from './password-failures.ts'

/**
 * How often each sensitive auth action may run, per client IP and per account (e-mail). On in
 * every environment; tests lower or raise them through startServer's `authRateLimits`.
 */
export const DEFAULT_AUTH_RATE_LIMITS = {
  /** Attempts per address across accounts (password spraying). Per account: wrong passwords
   * only, per account and address (password-failures.ts, ADR 010). */
  signInPerIp: { max: 30, windowSeconds: 15 * 60 },
  signUpPerIp: { max: 10, windowSeconds: 60 * 60 },
  signUpPerAccount: { max: 5, windowSeconds: 60 * 60 },
  passwordResetPerIp: { max: 10, windowSeconds: 60 * 60 },
  passwordResetPerAccount: { max: 3, windowSeconds: 60 * 60 },
  verificationEmailPerIp: { max: 10, windowSeconds: 60 * 60 },
  verificationEmailPerAccount: { max: 3, windowSeconds: 60 * 60 },
  socialSignInPerIp: { max: 30, windowSeconds: 15 * 60 },
  /** Confirmation e-mails actually sent to one address by any path (sign-up, sign-in, resend). */
  confirmationMailsPerAccount: { max: 5, windowSeconds: 60 * 60 },
  /** The public VIP waitlist form (not auth, but the same PostgreSQL-backed counters). */
  waitlistPerIp: { max: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>

export type AuthRateLimits = typeof DEFAULT_AUTH_RATE_LIMITS
export type AuthRateLimitName = keyof AuthRateLimits

export type AuthRateLimiter = {
  /** Counts the attempt; throws RateLimitedError (429 + Retry-After) past the limit. */
  check(name: AuthRateLimitName, identifier: string): Promise<void>
  /** Counts the attempt; false past the limit (for work done silently, like an e-mail). */
  allow(name: AuthRateLimitName, identifier: string): Promise<boolean>
  /** Wrong passwords per account and address (sign-in, change/verify password, DELETE /api/me). */
  passwords: PasswordFailures
}

export function createAuthRateLimiter(
  db: Db,
  secret: string,
  overrides: Partial<AuthRateLimits> = {},
): AuthRateLimiter {
  const rules: AuthRateLimits = { ...DEFAULT_AUTH_RATE_LIMITS, ...overrides }
  const consume = (name: AuthRateLimitName, identifier: string) =>
    consumeRateLimit(db, {
      key: rateLimitKey(secret, name, identifier.toLowerCase()),
      rule: rules[name],
    })
  return {
    async check(name, identifier) {
      const result = await consume(name, identifier)
      if (!result.allowed) throw new RateLimitedError(result.retryAfterSeconds)
    },
    async allow(name, identifier) {
      return (await consume(name, identifier)).allowed
    },
    passwords: createPasswordFailures(db, secret),
  }
}
