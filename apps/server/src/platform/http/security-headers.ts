import type { MiddlewareHandler } from 'hono'

/**
 * A strict policy for every response: scripts only from our origin (the SPA has no inline
 * script), no plugins, no <base>, never framed. The one frame we show is Pluggy Connect, the
 * Open Finance aggregator's widget (ARCHITECTURE §11).
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "frame-src 'self' https://connect.pluggy.ai",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ')

export function securityHeaders(production: boolean): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const h = c.res.headers
    h.set('Content-Security-Policy', CSP)
    h.set('X-Content-Type-Options', 'nosniff')
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    h.set('X-Frame-Options', 'DENY')
    h.set('Cross-Origin-Opener-Policy', 'same-origin')
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    if (production) h.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
  }
}
