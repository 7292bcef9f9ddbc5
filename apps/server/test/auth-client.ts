import { randomBytes } from 'node:crypto'
import { emailsSettled } from './email-outbox.ts'
import type { TestServer } from './test-server.ts'

/** A client address per simulated person: the test servers trust X-Forwarded-For. */
export function randomIp(): string {
  const [a = 0, b = 0, c = 0] = randomBytes(3)
  return `10.${a}.${b}.${c}`
}

export function uniqueEmail(prefix = 'pessoa'): string {
  return `${prefix}.${randomBytes(4).toString('hex')}@exemplo.com.br`
}

/** A strong password that is not on the common list. */
export const PASSWORD = 'Cafe-Com-Leite-42'

export type RequestOptions = {
  method?: string
  json?: unknown
  headers?: Record<string, string>
}

/**
 * One browser, roughly: its own cookie jar and IP address, an Origin header on every request
 * (Better Auth refuses cross-site POSTs), and redirects left for the test to follow.
 */
export class TestClient {
  readonly cookies = new Map<string, string>()

  constructor(
    readonly server: TestServer,
    readonly ip = randomIp(),
  ) {}

  async request(path: string, { method, json, headers = {} }: RequestOptions = {}) {
    const url = path.startsWith('http') ? path : `${this.server.url}${path}`
    const response = await fetch(url, {
      method: method ?? (json === undefined ? 'GET' : 'POST'),
      redirect: 'manual',
      headers: {
        origin: this.server.url,
        'x-forwarded-for': this.ip,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...headers,
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    })
    this.store(response)
    return response
  }

  post(path: string, json: unknown, headers?: Record<string, string>) {
    return this.request(path, { method: 'POST', json, headers })
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  sessionToken(): string | undefined {
    return [...this.cookies].find(([name]) => name.endsWith('session_token'))?.[1]
  }

  private store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
}

export type SignUpInput = { name?: string; email: string; password?: string; phone?: string }

export function signUp(client: TestClient, input: SignUpInput) {
  return client.post('/api/auth/sign-up/email', {
    name: input.name ?? 'Maria da Silva',
    email: input.email,
    password: input.password ?? PASSWORD,
    ...(input.phone === undefined ? {} : { phone: input.phone }),
  })
}

export function signIn(client: TestClient, email: string, password = PASSWORD) {
  return client.post('/api/auth/sign-in/email', { email, password })
}

/**
 * A confirmed account, signed in: sign-up through the API, confirmation marked in the database
 * (the e-mail round trip has its own tests), then sign-in.
 */
export async function signedInUser(
  server: TestServer,
  input: Partial<SignUpInput> = {},
): Promise<{ client: TestClient; email: string; userId: string }> {
  const client = new TestClient(server)
  const email = input.email ?? uniqueEmail()
  const res = await signUp(client, { ...input, email })
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`)
  // The confirmation e-mail goes out through the outbox's job: let it land now, so a test
  // waiting for a later e-mail to this address never receives it instead.
  await emailsSettled(server, { to: email })
  const { rows } = await server.database.pool.query<{ id: string }>(
    `update "user" set "emailVerified" = true where email = $1 returning id`,
    [email],
  )
  const signedIn = await signIn(client, email, input.password ?? PASSWORD)
  if (signedIn.status !== 200) throw new Error(`sign-in failed: ${signedIn.status}`)
  return { client, email, userId: rows[0]?.id ?? '' }
}
