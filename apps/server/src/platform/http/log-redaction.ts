/**
 * What the request log may say about a URL. Paths and queries can carry secrets: a
 * password-reset token (/api/auth/reset-password/<token>), an e-mail confirmation or OAuth
 * `code`/`state`, an invitation or demo-checkout link, a webhook's verify token. Those parts
 * are replaced by `[redacted]` before anything is logged.
 */
const REDACTED = '[redacted]'

/** Query parameters whose value is a secret or a one-time code. */
const SECRET_PARAM =
  /token|code|secret|state|signature|password|key|challenge|otp|hash|session|callback/i

/** Path segments that introduce a secret in the next segment. */
const SECRET_AFTER = new Set([
  'reset-password',
  'verify-email',
  'convite',
  'invitations',
  'checkout',
  'portal',
  'magic-link',
])

/** A segment that looks like a generated secret: long, with no spaces, letters and digits. */
function looksLikeSecret(segment: string): boolean {
  return segment.length >= 16 && /^[A-Za-z0-9_\-.~%]+$/.test(segment) && /\d/.test(segment)
}

export function redactPath(path: string): string {
  const segments = path.split('/')
  return segments
    .map((segment, i) => {
      if (!segment) return segment
      const previous = segments[i - 1] ?? ''
      if (SECRET_AFTER.has(previous) && segment !== 'confirm' && segment !== 'cancel') {
        return /^\d{1,18}$/.test(segment) ? segment : REDACTED
      }
      return looksLikeSecret(segment) ? REDACTED : segment
    })
    .join('/')
}

/** The query string with secret-looking parameters' values replaced; '' when there is none. */
export function redactQuery(search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search
  if (!query) return ''
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      const name = eq < 0 ? pair : pair.slice(0, eq)
      if (eq < 0) return pair
      return SECRET_PARAM.test(name) ? `${name}=${REDACTED}` : pair
    })
    .join('&')
}
