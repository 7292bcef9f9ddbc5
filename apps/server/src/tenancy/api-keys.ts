import { createHmac, hkdfSync, randomBytes } from 'node:crypto'

/*
 * API keys (ARCHITECTURE §8, ADR 016): `eqk_` + 32 random bytes in base64url. The key is shown
 * once; what is stored is HMAC-SHA256(key) under a secret derived from AUTH_SECRET. A key has
 * 256 bits of entropy, so no dictionary or brute force applies and a slow password hash would
 * only cost CPU on every request; the server-side key also means a copy of the table alone
 * cannot be checked against guesses at all.
 */

export const API_KEY_PREFIX = 'eqk_'
/** How many leading characters of a key are kept in clear, for lists ("eqk_AbCdEf12"). */
const VISIBLE_LENGTH = API_KEY_PREFIX.length + 8
const KEY_PATTERN = /^eqk_[A-Za-z0-9_-]{43}$/

/** The HMAC key for API keys, derived from AUTH_SECRET so that one secret is configured. */
export function deriveApiKeySecret(authSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, 'equilibrai', 'api-keys/v1', 32))
}

export function generateApiKey(): { key: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`
  return { key, prefix: key.slice(0, VISIBLE_LENGTH) }
}

export function hashApiKey(secret: Buffer, key: string): Buffer {
  return createHmac('sha256', secret).update(key).digest()
}

/** Whether a Bearer token has the shape of one of our keys (anything else is refused unread). */
export function looksLikeApiKey(token: string): boolean {
  return KEY_PATTERN.test(token)
}
