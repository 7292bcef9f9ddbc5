import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { AppBindings } from './app-types.ts'

/**
 * Every request gets an id the server makes (X-Request-Id on the answer, `requestId` in the
 * log). A client's own X-Request-Id is ignored, not validated: a chosen id lets anyone pin
 * their requests to someone else's in the log, or flood one id; a random UUID cannot be
 * aimed. A proxy's id, if ever needed, belongs in a separate log field.
 */
export function serverRequestId(): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const id = randomUUID()
    c.set('requestId', id)
    c.header('X-Request-Id', id)
    await next()
  }
}

/**
 * /api answers are personal (a profile, entries, a session) unless a route says otherwise
 * (/api/plans sets its own): `Cache-Control: no-store`, so no shared cache or back/forward
 * cache keeps them after sign-out on a shared computer.
 */
export function noStoreByDefault(): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    await next()
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store')
  }
}
