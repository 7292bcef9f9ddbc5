import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, TestClient, uniqueEmail } from '../../test/auth-client.ts'
import { startTestServer, type TestServer } from '../../test/test-server.ts'

/**
 * Google and GitHub for real through Better Auth's own code: only the providers' token and
 * user-info endpoints are answered by msw, inside this process (where the server runs).
 */
const provider = setupServer()
let server: TestServer

beforeAll(async () => {
  provider.listen({ onUnhandledRequest: 'bypass' })
  server = await startTestServer({
    TRUST_PROXY: 'x-forwarded-for',
    GOOGLE_CLIENT_ID: 'google-client-id',
    GOOGLE_CLIENT_SECRET: 'google-client-secret',
    GITHUB_CLIENT_ID: 'github-client-id',
    GITHUB_CLIENT_SECRET: 'github-client-secret',
  })
})
afterEach(() => provider.resetHandlers())
afterAll(async () => {
  await server?.stop()
  provider.close()
})

/** An id_token as Google's token endpoint returns it (read, not verified, in the code flow). */
function googleIdToken(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const now = Math.floor(Date.now() / 1000)
  return [
    part({ alg: 'RS256', kid: 'test', typ: 'JWT' }),
    part({
      iss: 'https://accounts.google.com',
      aud: 'google-client-id',
      iat: now,
      exp: now + 3600,
      ...claims,
    }),
    'c2lnbmF0dXJl',
  ].join('.')
}

/** Starts a social sign-in like the /auth page does, then plays the provider's redirect back. */
async function socialSignIn(client: TestClient, name: 'google' | 'github', callbackURL = '/') {
  const start = await client.post('/api/auth/sign-in/social', {
    provider: name,
    callbackURL,
    errorCallbackURL: `/auth?erro=${name}`,
  })
  expect(start.status).toBe(200)
  const { url } = (await start.json()) as { url: string }
  const authorize = new URL(url)
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${server.url}/api/auth/callback/${name}`)
  const state = authorize.searchParams.get('state') ?? ''
  return client.request(`/api/auth/callback/${name}?code=code-from-${name}&state=${state}`)
}

describe('Google', () => {
  it('creates the account with its profile and free plan, signs in, and goes back to the site root', async () => {
    const email = uniqueEmail('google')
    const seen: { token?: URLSearchParams } = {}
    provider.use(
      http.post('https://oauth2.googleapis.com/token', async ({ request }) => {
        seen.token = new URLSearchParams(await request.text())
        return HttpResponse.json({
          access_token: 'google-access-token',
          expires_in: 3599,
          token_type: 'Bearer',
          scope: 'openid email profile',
          id_token: googleIdToken({
            sub: 'google-user-1',
            email,
            email_verified: true,
            name: 'Gabriela Google',
            picture: 'https://lh3.googleusercontent.com/a/foto',
          }),
        })
      }),
    )
    const client = new TestClient(server)
    const back = await socialSignIn(client, 'google', '/?plan=pf_simples')
    expect(back.status).toBe(302)
    expect(back.headers.get('location')).toBe('/?plan=pf_simples')
    expect(seen.token?.get('code')).toBe('code-from-google')
    expect(seen.token?.get('code_verifier')).toBeTruthy()
    expect(client.sessionToken()).toBeTruthy()

    const profile = (await (await client.request('/api/profile')).json()) as Record<string, unknown>
    expect(profile).toMatchObject({ name: 'Gabriela Google', email, phone: null })
    const subscription = (await (await client.request('/api/subscription')).json()) as {
      plan_type: string
    }
    expect(subscription.plan_type).toBe('free')
  })

  it('sends a failed exchange back to /auth with an error, and creates nothing', async () => {
    provider.use(
      http.post('https://oauth2.googleapis.com/token', () =>
        HttpResponse.json({ error: 'invalid_grant' }, { status: 400 }),
      ),
    )
    const client = new TestClient(server)
    const before = await server.database.pool.query('select count(*)::int as n from "user"')
    const back = await socialSignIn(client, 'google')
    expect(back.status).toBe(302)
    const location = new URL(back.headers.get('location') ?? '', server.url)
    expect(location.pathname).toBe('/auth')
    expect(location.searchParams.get('erro')).toBe('google')
    expect(location.searchParams.get('error')).toBeTruthy()
    expect(client.sessionToken()).toBeUndefined()
    const after = await server.database.pool.query('select count(*)::int as n from "user"')
    expect(after.rows[0].n).toBe(before.rows[0].n)
  })

  it('links to an existing, confirmed e-mail account instead of making a second one', async () => {
    const { email, userId } = await signedInUser(server, { name: 'Helena Senha' })
    provider.use(
      http.post('https://oauth2.googleapis.com/token', () =>
        HttpResponse.json({
          access_token: 't',
          token_type: 'Bearer',
          expires_in: 3599,
          id_token: googleIdToken({ sub: 'google-helena', email, email_verified: true, name: 'H' }),
        }),
      ),
    )
    const client = new TestClient(server)
    expect((await socialSignIn(client, 'google')).status).toBe(302)
    const profile = (await (await client.request('/api/profile')).json()) as { id: string }
    expect(profile.id).toBe(userId)
  })
})

describe('GitHub', () => {
  it('creates the account from the primary verified e-mail, with the login as a fallback name', async () => {
    const email = uniqueEmail('github')
    provider.use(
      http.post('https://github.com/login/oauth/access_token', () =>
        HttpResponse.json({
          access_token: 'gho_token',
          token_type: 'bearer',
          scope: 'read:user,user:email',
        }),
      ),
      http.get('https://api.github.com/user', ({ request }) => {
        expect(request.headers.get('authorization')).toBe('Bearer gho_token')
        return HttpResponse.json({
          id: 4242,
          login: 'octogato',
          name: null,
          email: null,
          avatar_url: 'https://avatars.githubusercontent.com/u/4242',
        })
      }),
      http.get('https://api.github.com/user/emails', () =>
        HttpResponse.json([
          { email: 'antigo@exemplo.com.br', primary: false, verified: true },
          { email, primary: true, verified: true },
        ]),
      ),
    )
    const client = new TestClient(server)
    const back = await socialSignIn(client, 'github')
    expect(back.status).toBe(302)
    expect(back.headers.get('location')).toBe('/')
    const profile = (await (await client.request('/api/profile')).json()) as Record<string, unknown>
    expect(profile).toMatchObject({ name: 'octogato', email, phone: null })
    const { rows } = await server.database.pool.query(
      `select "providerId", "accountId" from account where "userId" = $1`,
      [profile.id],
    )
    expect(rows).toEqual([{ providerId: 'github', accountId: '4242' }])
  })

  it('refuses a callback whose state was not issued to this browser', async () => {
    const client = new TestClient(server)
    const res = await client.request('/api/auth/callback/github?code=x&state=forjado')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toMatch(/\/auth\?error=/)
    expect(client.sessionToken()).toBeUndefined()
  })
})
