import { AppError, type RateLimitRule } from '../platform/index.ts'

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
 * Throws 429 past the key's limit; otherwise returns the headers to send with the answer.
 * The request was already counted by the key lookup (api-keys.queries.ts findApiKeyCaller),
 * atomically in PostgreSQL and so shared by every instance.
 */
export function checkApiKeyLimit(
  { hits, windowLeftSeconds }: { hits: number; windowLeftSeconds: number },
  rule: RateLimitRule = API_KEY_RATE_LIMIT,
): Record<string, string> {
  const headers = rateLimitHeaders(rule, { hits, resetSeconds: windowLeftSeconds })
  if (hits > rule.max) throw new ApiRateLimitedError(headers, windowLeftSeconds)
  return headers
}
