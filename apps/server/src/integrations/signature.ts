import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/*
 * Equilibrai-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> (ARCHITECTURE
 * §8). Receivers recompute v1 with their endpoint's secret over the exact bytes received and
 * reject old timestamps (replays); /docs/api shows how in Node.
 */

export const SIGNATURE_HEADER = 'Equilibrai-Signature'

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`
}

export function signatureHeader(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
  return `t=${timestamp},v1=${v1}`
}

/**
 * What a receiver does (the docs' example, also used by the tests): true when one v1 matches
 * and t is within `toleranceSeconds` of now.
 */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  { now = Date.now(), toleranceSeconds = 300 }: { now?: number; toleranceSeconds?: number } = {},
): boolean {
  const parts = header.split(',').map((p) => p.trim().split('='))
  const t = Number(parts.find(([k]) => k === 't')?.[1])
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > toleranceSeconds) return false
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'),
    'utf8',
  )
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, v = '']) => {
      const given = Buffer.from(v, 'utf8')
      return given.length === expected.length && timingSafeEqual(given, expected)
    })
}
