import { describe, expect, it } from 'vitest'
import {
  PASSWORD,
  signedInUser,
  signIn,
  signUp,
  TestClient,
  uniqueEmail,
} from '../../test/auth-client.ts'
import { startTestServer } from '../../test/test-server.ts'
import { useTestServer } from '../../test/use-test-database.ts'

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' }, undefined, {
  authRateLimits: {
    signInPerIp: { max: 4, windowSeconds: 600 },
    signUpPerIp: { max: 2, windowSeconds: 3600 },
    passwordResetPerAccount: { max: 2, windowSeconds: 3600 },
    verificationEmailPerAccount: { max: 1, windowSeconds: 3600 },
  },
})

async function expectLimited(res: Response) {
  expect(res.status).toBe(429)
  const retryAfter = Number(res.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(3600)
  expect(await res.json()).toEqual({
    error: {
      code: 'RATE_LIMITED',
      message: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
    },
  })
}

describe('rate limits (in PostgreSQL, per client IP and per account)', () => {
  it('limits sign-in attempts per client IP, across accounts; other IPs are unaffected', async () => {
    const client = new TestClient(server)
    for (let i = 0; i < 4; i++) {
      expect((await signIn(client, uniqueEmail(), PASSWORD)).status).toBe(401)
    }
    await expectLimited(await signIn(client, uniqueEmail(), PASSWORD))
    expect((await signIn(new TestClient(server), uniqueEmail(), PASSWORD)).status).toBe(401)
  })

  it('limits sign-ups per client IP', async () => {
    const client = new TestClient(server)
    expect((await signUp(client, { email: uniqueEmail() })).status).toBe(200)
    expect((await signUp(client, { email: uniqueEmail() })).status).toBe(200)
    await expectLimited(await signUp(client, { email: uniqueEmail() }))
  })

  it('counts attempts even when the body is invalid (no free probing)', async () => {
    const client = new TestClient(server)
    for (let i = 0; i < 4; i++) {
      expect((await client.post('/api/auth/sign-in/email', { password: 'x' })).status).toBe(400)
    }
    await expectLimited(await client.post('/api/auth/sign-in/email', { password: 'x' }))
  })

  it('limits password-reset requests per account', async () => {
    const email = uniqueEmail()
    const ask = () =>
      new TestClient(server).post('/api/auth/request-password-reset', {
        email,
        redirectTo: `${server.url}/reset-password`,
      })
    expect((await ask()).status).toBe(200)
    expect((await ask()).status).toBe(200)
    await expectLimited(await ask())
  })

  it('limits confirmation e-mail requests per account', async () => {
    const email = uniqueEmail()
    await signUp(new TestClient(server), { email })
    const ask = () => new TestClient(server).post('/api/auth/send-verification-email', { email })
    expect((await ask()).status).toBe(200)
    await expectLimited(await ask())
  })

  it('stores no e-mail or IP address in clear', async () => {
    const { rows } = await server.database.pool.query<{ key: string }>(
      'select key from rate_limits',
    )
    expect(rows.length).toBeGreaterThan(0)
    for (const { key } of rows) {
      expect(key).not.toMatch(/@|10\.\d+\.\d+\.\d+/)
    }
  })
})

describe('client address', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY names it', async () => {
    const plain = await startTestServer({}, undefined, {
      authRateLimits: { signInPerIp: { max: 1, windowSeconds: 600 } },
    })
    try {
      // Different forged addresses, one real socket address: the second attempt is limited.
      expect((await signIn(new TestClient(plain), uniqueEmail())).status).toBe(401)
      await expectLimited(await signIn(new TestClient(plain), uniqueEmail()))
    } finally {
      await plain.stop()
    }
  })
})

describe('cookies in production', () => {
  it('are Secure (with the __Secure- prefix), httpOnly and SameSite=Lax', async () => {
    const prod = await startTestServer({
      NODE_ENV: 'production',
      TRUST_PROXY: 'x-forwarded-for',
      SMTP_URL: 'smtp://127.0.0.1:1',
    })
    try {
      const { client } = await signedInUser(prod)
      const name = [...client.cookies.keys()].find((k) => k.endsWith('session_token'))
      expect(name).toBe('__Secure-equilibrai.session_token')
      const profile = (await (await client.request('/api/profile')).json()) as { email: string }
      const again = await signIn(client, profile.email)
      const cookie = again.headers.getSetCookie().find((c) => c.startsWith('__Secure-'))
      expect(cookie).toMatch(/; Secure/i)
      expect(cookie).toMatch(/; HttpOnly/i)
      expect(cookie).toMatch(/; SameSite=Lax/i)
    } finally {
      await prod.stop()
    }
  })
})
