import type { MiddlewareHandler } from 'hono'
import type { AppBindings } from './app-types.ts'
import { BadRequestError } from '../errors.ts'
import { isFileUpload, isWebhookRequest } from './cross-site.ts'

export const INVALID_CHARACTER_MESSAGE = 'O texto contém um caractere inválido.'

/**
 * Whether a parsed JSON value holds U+0000 in any string or key (PostgreSQL text cannot).
 * Walked with an explicit stack, not recursion: JSON nested 20 000 deep parses fine and must
 * not overflow the call stack here (issue 25: that was a 500 on every JSON route).
 */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const item = pending.pop()
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element)
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, element] of Object.entries(item)) {
        if (key.includes('\u0000')) return true
        pending.push(element)
      }
    }
  }
  return false
}

/** The same value with every U+0000 removed from its strings and keys. */
export function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '')
  if (Array.isArray(value)) return value.map(withoutNul)
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key.replaceAll('\u0000', ''), withoutNul(item)]),
    )
  }
  return value
}

function decodes(component: string): boolean {
  try {
    decodeURIComponent(component)
    return true
  } catch {
    return false
  }
}

/**
 * Every request: a path or query with malformed percent-encoding (`/%ZZ`, a cut UTF-8
 * sequence) is a 400 before any route or the static files try to decode it.
 */
export function rejectMalformedUrl(): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const url = c.req.url
    const start = url.indexOf('/', url.indexOf('//') + 2)
    const pathAndQuery = start < 0 ? '' : url.slice(start)
    const hash = pathAndQuery.indexOf('#')
    const target = hash < 0 ? pathAndQuery : pathAndQuery.slice(0, hash)
    if (target.includes('%')) {
      const [path = '', query = ''] = target.split(/\?(.*)/s)
      const parts = [...path.split('/'), ...query.split(/[&=]/).map((p) => p.replaceAll('+', ' '))]
      if (!parts.every(decodes)) throw new BadRequestError('Endereço inválido.', 'MALFORMED_URL')
    }
    return next()
  }
}

/** A JSON text that may hold U+0000: the `\u0000` escape (any case) or the raw character. */
function mayHoldNul(text: string): boolean {
  return text.includes('\u0000') || /\\u0000/i.test(text)
}

/**
 * /api (webhooks aside, which keep what they can: routes/whatsapp-webhook): U+0000 in the path,
 * the query or anywhere in a JSON body is a 400 with one pt-BR message, for every route at once
 * (including Better Auth's and routes added later), instead of a PostgreSQL error → 500.
 * The body is read through Hono's cache, so handlers read it again as usual.
 */
export function rejectNulInput(): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    if (isWebhookRequest(c)) return next()
    const invalid = () => new BadRequestError(INVALID_CHARACTER_MESSAGE, 'VALIDATION_ERROR')
    if (c.req.path.includes('\u0000')) throw invalid()
    const query = c.req.queries()
    for (const [key, values] of Object.entries(query)) {
      if (key.includes('\u0000') || values.some((v) => v.includes('\u0000'))) throw invalid()
    }
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !isFileUpload(c)) {
      const text = await c.req.text()
      if (mayHoldNul(text)) {
        let value: unknown
        try {
          value = JSON.parse(text)
        } catch {
          // Malformed JSON: the route answers its own 400.
          return next()
        }
        if (containsNul(value)) throw invalid()
      }
    }
    return next()
  }
}
