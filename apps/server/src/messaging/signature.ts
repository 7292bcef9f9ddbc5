import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Meta signs each webhook delivery: X-Hub-Signature-256 = 'sha256=' + hex HMAC-SHA256 of the
 * body with the app secret. The HMAC is over the bytes exactly as received: Meta escapes
 * non-ASCII as \uXXXX, so re-serialising the parsed JSON would give other bytes.
 */
export function signBody(secret: string, body: Uint8Array | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
}

export function isValidSignature(
  secret: string,
  body: Uint8Array,
  header: string | undefined,
): boolean {
  if (!header) return false
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim())
  if (!match?.[1]) return false
  const expected = createHmac('sha256', secret).update(body).digest()
  const given = Buffer.from(match[1], 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
