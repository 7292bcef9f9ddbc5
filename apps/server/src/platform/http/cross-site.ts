import type { Context, MiddlewareHandler } from 'hono'
import type { AppBindings } from './app-types.ts'
import { AppError } from '../errors.ts'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Meta and Stripe post from their servers and sign what they send: no browser, no cookie. */
export function isWebhookRequest(c: Context): boolean {
  return c.req.path.startsWith('/api/webhooks/')
}

/** The routes that take a file (multipart/form-data): ARCHITECTURE §10's one exception to JSON. */
const FILE_UPLOAD_PATHS = new Set(['/api/v1/imports'])

/**
 * A file upload: POST to a FILE_UPLOAD_PATHS route as multipart/form-data. It still passes the
 * Origin check (a form on another site could send it); it skips the JSON rule, the 1 MB body
 * limit (the route sets its own) and the JSON NUL scan.
 */
export function isFileUpload(c: Context): boolean {
  return (
    c.req.method === 'POST' &&
    FILE_UPLOAD_PATHS.has(c.req.path) &&
    (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')
  )
}

/**
 * A request to the public API (/api/v1) that authenticates with `Authorization: Bearer …` (an
 * API key, ledger-caller.ts) carries no ambient credential: a page on another site cannot add
 * that header without a CORS preflight, which this server never grants, and the API-key path
 * never falls back to the cookie. Such requests skip the Origin check (never the JSON rule).
 * Elsewhere a Bearer header changes nothing: those routes authenticate by cookie only.
 */
export function isBearerAuthenticatedRequest(c: Context): boolean {
  return (
    c.req.path.startsWith('/api/v1/') && /^Bearer\s+\S/i.test(c.req.header('authorization') ?? '')
  )
}

/** Whether the Origin / Sec-Fetch-Site check applies at all (ARCHITECTURE §5 'Cross-site writes'). */
export function isExemptFromCrossSiteCheck(c: Context): boolean {
  return isWebhookRequest(c) || isBearerAuthenticatedRequest(c)
}

/** `application/json`, optionally with `charset=utf-8`; nothing else (no `text/plain; charset=application/json`). */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false
  const [type = '', ...params] = header.split(';').map((part) => part.trim().toLowerCase())
  if (type !== 'application/json') return false
  return params.every((param) => {
    if (param === '') return true
    const [name, value = ''] = param.split('=').map((s) => s.trim())
    return name === 'charset' && value.replace(/^"(.*)"$/, '$1') === 'utf-8'
  })
}

function hasBody(c: Context): boolean {
  const length = c.req.header('content-length')
  if (length !== undefined) return length.trim() !== '0'
  return c.req.header('transfer-encoding') !== undefined
}

/**
 * Cookie-authenticated writes under /api from another site are refused (403), and bodies must
 * be JSON (415), so a plain HTML form elsewhere (which can only send urlencoded, multipart or
 * text/plain) can never reach a handler. SameSite=Lax cookies already stop most of it; this
 * also covers sibling subdomains ("same-site" but not same-origin) and older browsers.
 *
 * Origin present: it must be PUBLIC_URL's origin. Origin absent: Sec-Fetch-Site, when sent,
 * must be `same-origin` or `none` (typed in the address bar). Neither header: not a browser
 * acting for someone (curl, a server), which holds no victim's cookie — allowed.
 */
export function crossSiteGuard(publicUrl: string): MiddlewareHandler<AppBindings> {
  const ownOrigin = new URL(publicUrl).origin
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method) || isWebhookRequest(c)) return next()
    if (!isExemptFromCrossSiteCheck(c)) {
      const origin = c.req.header('origin')
      const fetchSite = c.req.header('sec-fetch-site')
      const allowed =
        origin !== undefined
          ? origin === ownOrigin
          : fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none'
      if (!allowed) {
        throw new AppError(403, 'CROSS_SITE_REQUEST', 'Origem da requisição não permitida.')
      }
    }
    if (hasBody(c) && !isFileUpload(c) && !isJsonContentType(c.req.header('content-type'))) {
      throw new AppError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Envie o corpo em JSON (Content-Type: application/json).',
      )
    }
    return next()
  }
}
