import type { Db } from '../src/platform/db/database.ts'

/** A confirmed account signed in over HTTP, as a browser would: its session cookie. */
export async function signedInCookie(
  url: string,
  db: Db,
  email = `bench.${Date.now()}@exemplo.com.br`,
): Promise<{ cookie: string; userId: string }> {
  const password = 'Cafe-Com-Leite-42'
  const headers = { origin: url, 'content-type': 'application/json' }
  const up = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bench', email, password }),
  })
  if (!up.ok) throw new Error(`sign-up: ${up.status} ${await up.text()}`)
  const { rows } = await db.query<{ id: string }>(
    `update "user" set "emailVerified" = true where email = $1 returning id`,
    [email],
  )
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  })
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status}`)
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  return { cookie, userId: rows[0]?.id ?? '' }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}
