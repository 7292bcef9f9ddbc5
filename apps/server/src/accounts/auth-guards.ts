import type { AccountsDeps } from './accounts-deps.ts'
import { createMiddleware } from 'hono/factory'
import type { AuthSession, AuthUser } from './auth.ts'
import { type SessionExtra, quickSession } from './session-check.ts'
import { type AppBindings, ForbiddenError, UnauthorizedError } from '../platform/index.ts'

export type AuthedVariables = {
  user: AuthUser
  session: AuthSession['session']
  /** What `extra` (requireUser's) read with the session; unset when Better Auth checked it. */
  sessionExtra?: Record<string, unknown>
}
/** A route's bindings behind requireUser / requireAdmin. */
export type AuthedBindings = AppBindings & { Variables: AuthedVariables }

/** Whether the user holds a role (the admin plugin stores them comma-separated). */
export function hasRole(user: Pick<AuthUser, 'role'>, role: string): boolean {
  return (user.role ?? '')
    .split(',')
    .map((r) => r.trim())
    .includes(role)
}

/**
 * 401 without a valid session; otherwise `c.get('user')` and `c.get('session')` for the route.
 * A session past its update age is slid here too, and its new cookie sent back. The common case
 * (a valid session not yet due to slide) is checked in session-check.ts without Better Auth's
 * endpoint machinery; every other case goes to Better Auth.
 */
export function requireUser({ auth, db }: Pick<AccountsDeps, 'auth' | 'db'>, extra?: SessionExtra) {
  return createMiddleware<AuthedBindings>(async (c, next) => {
    const quick = await quickSession({ auth, db }, c.req.raw.headers, extra)
    if (quick) {
      c.set('user', quick.user)
      c.set('session', quick.session)
      if (extra) c.set('sessionExtra', quick.extra)
      return next()
    }
    const { headers, response } = await auth.api.getSession({
      headers: c.req.raw.headers,
      returnHeaders: true,
    })
    if (!response) throw new UnauthorizedError()
    c.set('user', response.user)
    c.set('session', response.session)
    await next()
    for (const cookie of headers.getSetCookie()) c.res.headers.append('Set-Cookie', cookie)
  })
}

/** requireUser, then 403 unless the user is an admin (checked on every request, never cached). */
export function requireAdmin(deps: Pick<AccountsDeps, 'auth' | 'db'>) {
  const user = requireUser(deps)
  return createMiddleware<AuthedBindings>(async (c, next) =>
    user(c, async () => {
      if (!hasRole(c.get('user'), 'admin')) throw new ForbiddenError()
      await next()
    }),
  )
}
