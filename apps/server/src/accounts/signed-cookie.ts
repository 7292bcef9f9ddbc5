import { createHmac, timingSafeEqual } from 'node:crypto'

/*
 * Better Auth's signed cookies read without its endpoint machinery (session-check.ts): the
 * cookie header parsed and the signature checked as better-call does.
 */

/** A cookie's value as better-call reads it: the first of that name, unquoted, URL-decoded. */
export function readCookie(header: string, name: string): string | null {
  let index = 0
  while (index < header.length) {
    const eq = header.indexOf('=', index)
    if (eq === -1) break
    let end = header.indexOf(';', index)
    if (end === -1) end = header.length
    else if (end < eq) {
      index = header.lastIndexOf(';', eq - 1) + 1
      continue
    }
    if (header.slice(index, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim()
      if (value.codePointAt(0) === 34) value = value.slice(1, -1)
      try {
        return value.includes('%') ? decodeURIComponent(value) : value
      } catch {
        return value
      }
    }
    index = end + 1
  }
  return null
}

/** The signed value of `token.signature` (better-call's format), or null if the signature fails. */
export function verifiedValue(signed: string | null, secret: string): string | null {
  if (!signed) return null
  const dot = signed.lastIndexOf('.')
  if (dot < 1) return null
  const value = signed.slice(0, dot)
  const signature = signed.slice(dot + 1)
  if (signature.length !== 44 || !signature.endsWith('=')) return null
  const expected = createHmac('sha256', secret).update(value).digest()
  const given = Buffer.from(signature, 'base64')
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null
}

/**
 * verifiedValue with one secret, remembering the values that passed (at most `limit`, the oldest
 * forgotten first). The HMAC is a pure function of the value and the secret, so its answer for
 * the same string never changes and remembering it changes nothing of what is checked: a page
 * load sends the same cookie with each of its ~13 calls, and the HMAC was about a fifth of the
 * session check's CPU (ADR 037, 2026-11-26 late). Only the signature is remembered, never the
 * session: the caller still reads the session row on every request. A value that fails is never
 * stored, so forged cookies cannot fill the map or push out real ones; a real cookie pushed out
 * is verified again.
 */
export class VerifiedValues {
  readonly #values = new Map<string, string>()

  constructor(
    readonly secret: string,
    readonly limit = 10_000,
  ) {}

  /** The signed value, or null if the signature fails. */
  of(signed: string | null): string | null {
    if (!signed) return null
    const known = this.#values.get(signed)
    if (known !== undefined) return known
    const value = verifiedValue(signed, this.secret)
    if (value === null) return null
    if (this.#values.size >= this.limit) {
      const oldest = this.#values.keys().next().value
      if (oldest !== undefined) this.#values.delete(oldest)
    }
    this.#values.set(signed, value)
    return value
  }

  get size(): number {
    return this.#values.size
  }
}
