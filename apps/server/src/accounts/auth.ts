import { type BetterAuthOptions, betterAuth, generateId } from 'better-auth'
import { admin } from 'better-auth/plugins'
import { type Db, type Env, type Logger, queueEmailNow } from '../platform/index.ts'
import { resetPasswordEmail, verificationEmail } from './account-emails.ts'
import { ensureAccountRows, insertAccountRows, profileName } from './account-rows.ts'
import type { AuthRateLimiter } from './auth-rate-limits.ts'
import { authTransaction, createAuthKysely } from './auth-kysely.ts'
import type { PasswordHasher } from './password-hasher.ts'

/** Better Auth reads the client IP from this header only; our HTTP layer sets it (client-ip.ts). */
export const CLIENT_IP_HEADER = 'x-equilibrai-client-ip'

export const SESSION_EXPIRES_IN_SECONDS = 7 * 24 * 60 * 60
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60

export type AuthDeps = {
  env: Env
  db: Db
  log: Logger
  hasher: PasswordHasher
  rateLimiter: AuthRateLimiter
  secret: string
}

const adminPlugin = admin()

const ROUTINE = [
  'User not found',
  'Invalid password',
  'Password not found',
  'Password is too',
  'Provider not found',
  'Reset Password: User not found',
]

/**
 * The admin plugin gives the user its `role` (and bans); its HTTP endpoints stay off: roles
 * change through the CLI, and the admin panel reads through our own /api/admin routes.
 */
const ADMIN_PLUGIN_PATHS = Object.values(adminPlugin.endpoints).map((endpoint) => endpoint.path)

function phoneFrom(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('phone' in body)) return null
  const phone = body.phone
  return typeof phone === 'string' && phone.trim() ? phone.trim() : null
}

/** Better Auth's configuration for Equilibraí (ARCHITECTURE §2, §5; ADRs 003–005). */
export function authOptions({ env, db, log, hasher, rateLimiter, secret }: AuthDeps) {
  const authLog = log.child({ component: 'auth' })
  const socialProviders = {
    ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          google: {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            prompt: 'select_account' as const,
          },
        }
      : {}),
    ...(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
      ? { github: { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET } }
      : {}),
  }

  return {
    appName: 'Equilibraí',
    baseURL: env.PUBLIC_URL,
    basePath: '/api/auth',
    secret,
    database: { db: createAuthKysely(db), type: 'postgres', transaction: true },
    trustedOrigins: [env.PUBLIC_URL],
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log(level, message, ...args) {
        const err = args.find((arg) => arg instanceof Error)
        // Per-request notes (a wrong password, an unknown e-mail, a provider not configured)
        // are the client's doing and would flood the log under an attack: debug only.
        if (ROUTINE.some((prefix) => message.startsWith(prefix))) authLog.debug(message)
        else if (level === 'error') authLog.error({ err }, message)
        else if (level === 'warn') authLog.warn(message)
        else authLog.debug(message)
      },
    },
    // Ours instead: per IP and per account, in PostgreSQL (routes/auth, auth-rate-limits.ts).
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hasher.hash, verify: hasher.verify },
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // The owner proved the e-mail: wrong-password counts against the old password go.
      async onPasswordReset({ user }) {
        await rateLimiter.passwords.clearAfterReset(user.email)
      },
      // Queued, not sent (ADR 020): the answer waits for one insert, never for SMTP, and says
      // the same for an unknown e-mail (ADR 004).
      async sendResetPassword({ user, url }) {
        await queueEmailNow(db, {
          kind: 'redefinir-senha',
          to: user.email,
          content: resetPasswordEmail({ link: url }),
        })
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      /**
       * Better Auth calls this after the sign-up transaction has committed (its after-commit
       * hook), and outside any transaction on sign-in and on request: the e-mail is queued in
       * a short transaction of its own, before the answer. A crash between the sign-up's
       * commit and this insert loses the e-mail; signing in sends a fresh one (sendOnSignIn).
       */
      async sendVerificationEmail({ user, url }) {
        if (!(await rateLimiter.allow('confirmationMailsPerAccount', user.email))) {
          authLog.warn({ userId: user.id }, 'confirmation e-mail not sent: per-account limit')
          return
        }
        await queueEmailNow(db, {
          kind: 'confirmar-email',
          to: user.email,
          content: verificationEmail({ link: url }),
        })
      },
    },
    socialProviders,
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    account: { accountLinking: { enabled: true, trustedProviders: ['google', 'github'] } },
    user: { deleteUser: { enabled: false } },
    advanced: {
      cookiePrefix: 'equilibrai',
      useSecureCookies: env.NODE_ENV === 'production',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      // Better Auth skips its Origin check when NODE_ENV is 'test'; we test with it on.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // One statement (session join user) instead of two for every session check: every
      // signed-in request pays it (issue 27). Only how the rows are read, never what is checked.
      database: { joins: true },
      // No backgroundTasks handler: Better Auth awaits the e-mail callbacks, which only queue
      // (a database insert), so the e-mail is durable before the answer goes out.
    },
    onAPIError: { errorURL: `${env.PUBLIC_URL}/auth` },
    plugins: [adminPlugin],
    // update-user is closed: it skipped the profile rules (any name, any length) and let
    // user.name drift from profiles.name. Names change through PATCH /api/profile only.
    disabledPaths: [...ADMIN_PLUGIN_PATHS, '/update-user'],
    databaseHooks: {
      user: {
        create: {
          /**
           * The profile and the free subscription are written in the transaction that creates
           * the user (Better Auth creates every user inside one), before the user row itself:
           * the profile's foreign key to "user" is checked at commit (ADR 003).
           */
          async before(user, context) {
            const trx = authTransaction()
            if (!trx) return
            const id = typeof user.id === 'string' && user.id ? user.id : generateId()
            await insertAccountRows(trx, {
              userId: id,
              name: profileName(user.name, user.email),
              email: user.email,
              phone: phoneFrom(context?.body),
            })
            return { data: { ...user, id } }
          },
          async after(user, context) {
            await ensureAccountRows(db, {
              userId: user.id,
              name: profileName(user.name, user.email),
              email: user.email,
              phone: phoneFrom(context?.body),
            })
          },
        },
      },
    },
  } satisfies BetterAuthOptions
}

export function createAuth(deps: AuthDeps) {
  return betterAuth(authOptions(deps))
}

export type Auth = ReturnType<typeof createAuth>
export type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>
export type AuthUser = AuthSession['user']
