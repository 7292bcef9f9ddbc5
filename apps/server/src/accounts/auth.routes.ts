import type { AccountsDeps } from './accounts-deps.ts'
import { emailSchema, loginSchema } from '@equilibrai/shared'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { CLIENT_IP_HEADER } from './auth.ts'
import { translateAuthError } from './auth-errors.ts'
import type { AuthRateLimitName } from './auth-rate-limits.ts'
import { resetPasswordBodySchema, signUpBodySchema } from './password-policy.ts'
import {
  type AppBindings,
  clientIp,
  BadRequestError,
  ConflictError,
  ValidationError,
  errorBody,
} from '../platform/index.ts'
import { emailIsRegistered } from './users.queries.ts'
import { quickSession } from './session-check.ts'

type Guard = {
  /** The shared schema the form uses: bypassing the UI gets the same first message as a 400. */
  schema: z.ZodType
  perIp: AuthRateLimitName
  /** Counted against the body's `email`. */
  perAccount?: AuthRateLimitName
  /** A check of ours after validation, before Better Auth runs. */
  check?: (deps: AccountsDeps, body: Record<string, unknown>) => Promise<void>
}

const emailOnly = z.object({ email: emailSchema })

/**
 * Sign-up with e-mail confirmation on makes Better Auth answer a taken e-mail exactly like a new
 * one (200). The spec tells the person instead ('Este email já está cadastrado'); the sign-up
 * rate limits make probing addresses this way slow (ADR 004).
 */
async function rejectTakenEmail(deps: AccountsDeps, body: Record<string, unknown>) {
  if (typeof body.email === 'string' && (await emailIsRegistered(deps.db, body.email))) {
    throw new ConflictError('Este email já está cadastrado', 'USER_ALREADY_EXISTS')
  }
}

/** The Better Auth endpoints that take a password or send an e-mail (POST, JSON only). */
const GUARDS: Record<string, Guard> = {
  '/sign-in/email': { schema: loginSchema, perIp: 'signInPerIp' },
  '/sign-up/email': {
    schema: signUpBodySchema,
    perIp: 'signUpPerIp',
    perAccount: 'signUpPerAccount',
    check: rejectTakenEmail,
  },
  '/request-password-reset': {
    schema: emailOnly,
    perIp: 'passwordResetPerIp',
    perAccount: 'passwordResetPerAccount',
  },
  '/reset-password': { schema: resetPasswordBodySchema, perIp: 'passwordResetPerIp' },
  '/send-verification-email': {
    schema: emailOnly,
    perIp: 'verificationEmailPerIp',
    perAccount: 'verificationEmailPerAccount',
  },
  '/sign-in/social': {
    schema: z.object({
      provider: z.enum(['google', 'github'], { message: 'Provedor de login inválido.' }),
    }),
    perIp: 'socialSignInPerIp',
  },
}

function emailFromBody(body: string | undefined): string | null {
  try {
    const value: unknown = JSON.parse(body ?? '')
    if (typeof value !== 'object' || value === null || !('email' in value)) return null
    return typeof value.email === 'string' && value.email.trim() ? value.email.trim() : null
  } catch {
    return null
  }
}

function parseJsonObject(text: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new BadRequestError('JSON inválido.', 'INVALID_JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BadRequestError('JSON inválido.', 'INVALID_JSON')
  }
  return value as Record<string, unknown>
}

/** Drops every `token` field: the session lives in its httpOnly cookie, never in page scripts. */
function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'token')
      .map(([key, item]) => [key, withoutTokens(item)]),
  )
}

/**
 * Better Auth's JSON answers, adjusted: `{code, message}` errors in our shape and the spec's
 * words; successes without session tokens (ADR 005). Redirects and pages pass untouched.
 */
async function adjustResponse(response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? ''
  if (!type.includes('application/json')) return response
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  if (response.status < 400) {
    const text = await response.text()
    const body = text ? JSON.stringify(withoutTokens(JSON.parse(text))) : text
    return new Response(body, { status: response.status, headers })
  }
  const body: unknown = await response.json().catch(() => null)
  const { code, message } = translateAuthError(response.status, body)
  return new Response(JSON.stringify(errorBody(code, message)), {
    status: response.status,
    headers,
  })
}

/**
 * The endpoints that check a password, where the account comes from, and the error code that
 * means "wrong password" (anything else — a bad new password, no session — is no guess).
 * Counted per account and address (auth/password-failures.ts, ADR 010).
 */
const PASSWORD_CHECKS: Record<string, { account: 'body' | 'session'; wrong: string }> = {
  '/sign-in/email': { account: 'body', wrong: 'INVALID_EMAIL_OR_PASSWORD' },
  '/change-password': { account: 'session', wrong: 'INVALID_PASSWORD' },
  '/verify-password': { account: 'session', wrong: 'INVALID_PASSWORD' },
}

async function errorCode(response: Response): Promise<string | null> {
  if (response.status < 400) return null
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null)
  return typeof body === 'object' &&
    body !== null &&
    'code' in body &&
    typeof body.code === 'string'
    ? body.code
    : null
}

/**
 * /api/auth/*: Better Auth's own routes, behind our layer. That layer gives Better Auth the
 * client IP we trust (and only that), validates the sensitive bodies with the shared schemas,
 * applies the PostgreSQL rate limits per IP and per account, and maps errors to the spec's
 * messages in our error shape.
 */
export function authRoutes(deps: AccountsDeps) {
  const { auth, authRateLimiter, env } = deps

  async function handle(c: Context<AppBindings>) {
    const quick = await quickGetSession(c)
    if (quick) return quick
    const ip = clientIp(c, env.TRUST_PROXY)
    const headers = new Headers(c.req.raw.headers)
    headers.set(CLIENT_IP_HEADER, ip)

    const route = c.req.path.slice('/api/auth'.length)
    const guard = c.req.method === 'POST' ? GUARDS[route] : undefined
    let body: string | undefined
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') body = await c.req.text()

    if (guard) {
      await authRateLimiter.check(guard.perIp, ip)
      if (!(c.req.header('content-type') ?? '').includes('application/json')) {
        throw new BadRequestError(
          'Envie o corpo em JSON (Content-Type: application/json).',
          'INVALID_JSON',
        )
      }
      const json = parseJsonObject(body ?? '')
      if (guard.perAccount && typeof json.email === 'string' && json.email.trim()) {
        await authRateLimiter.check(guard.perAccount, json.email.trim())
      }
      const result = guard.schema.safeParse(json)
      if (!result.success) throw new ValidationError(result.error)
      await guard.check?.(deps, json)
    }

    const passwordCheck = c.req.method === 'POST' ? PASSWORD_CHECKS[route] : undefined
    let account: string | null = null
    if (passwordCheck) {
      account =
        passwordCheck.account === 'body'
          ? emailFromBody(body)
          : ((await auth.api.getSession({ headers: c.req.raw.headers }))?.user.email ?? null)
      if (account) await authRateLimiter.passwords.assertMayTry(account, ip)
    }

    const response = await auth.handler(
      new Request(c.req.url, { method: c.req.method, headers, body, redirect: 'manual' }),
    )
    if (passwordCheck && account) {
      if (response.status < 300) await authRateLimiter.passwords.recordSuccess(account, ip)
      else if ((await errorCode(response)) === passwordCheck.wrong) {
        await authRateLimiter.passwords.recordFailure(account, ip)
      }
    }
    return adjustResponse(response)
  }

  /**
   * GET /api/auth/get-session (one of every page's calls) in the common case — a valid session
   * not due to slide, no query — answered from the quick session check (session-check.ts, the
   * one requireUser uses) instead of Better Auth's endpoint machinery, which cost about three
   * times an ordinary API request's CPU (issue 27, ADR 037 night). The same body as Better
   * Auth's answer after adjustResponse (session-check.test.ts compares them byte for byte);
   * every other case (no or a bad cookie, expired, due to slide, a query) goes to Better Auth.
   */
  async function quickGetSession(c: Context<AppBindings>): Promise<Response | null> {
    if (c.req.method !== 'GET' || c.req.path !== '/api/auth/get-session') return null
    if (new URL(c.req.url).search) return null
    const found = await quickSession(deps, c.req.raw.headers)
    if (!found) return null
    // The session's token is the one `token` in this answer (withoutTokens drops it there).
    const { token: _token, ...session } = found.session
    return new Response(JSON.stringify({ session, user: found.user }), {
      status: 200,
      headers: { 'content-type': 'application/json', pragma: 'no-cache' },
    })
  }

  return new Hono<AppBindings>().on(['GET', 'POST'], '/auth/*', handle)
}
