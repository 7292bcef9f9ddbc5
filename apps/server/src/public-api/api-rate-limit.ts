import type { Db } from '../db/database.ts'
import { AppError } from '../errors.ts'
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/rate-limiter.ts'

/** ARCHITECTURE §8: 120 requests a minute per API key, counted in PostgreSQL. */
export const API_KEY_RATE_LIMIT: RateLimitRule = { max: 120, windowSeconds: 60 }

/**
 * The limit's state in the header fields of draft-ietf-httpapi-ratelimit-headers-06 (separate
 * RateLimit-Limit / -Remaining / -Reset fields plus RateLimit-Policy), the version most
 * clients and gateways read today; a 429 also carries Retry-After (RFC 9110).
 */
export function rateLimitHeaders(
  rule: RateLimitRule,
  { hits, resetSeconds }: { hits: number; resetSeconds: number },
): Record<string, string> {
  return {
    'RateLimit-Limit': String(rule.max),
    'RateLimit-Remaining': String(Math.max(0, rule.max - hits)),
    'RateLimit-Reset': String(Math.max(1, Math.ceil(resetSeconds))),
    'RateLimit-Policy': `${rule.max};w=${rule.windowSeconds}`,
  }
}

export class ApiRateLimitedError extends AppError {
  constructor(headers: Record<string, string>, retryAfterSeconds: number) {
    super(
      429,
      'RATE_LIMITED',
      'Limite de requisições da chave de API atingido. Aguarde e tente novamente.',
      { ...headers, 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    )
  }
}

/**
 * Counts a request of the key (shared by every instance); throws 429 past the limit,
 * otherwise returns the headers to send with the answer.
 */
export async function consumeApiKeyRequest(
  db: Db,
  { keyId, rule = API_KEY_RATE_LIMIT }: { keyId: number; rule?: RateLimitRule },
): Promise<Record<string, string>> {
  const result = await consumeRateLimit(db, { key: `api-key:${keyId}`, rule })
  const headers = rateLimitHeaders(rule, {
    hits: result.hits,
    resetSeconds: result.retryAfterSeconds,
  })
  if (!result.allowed) throw new ApiRateLimitedError(headers, result.retryAfterSeconds)
  return headers
}
