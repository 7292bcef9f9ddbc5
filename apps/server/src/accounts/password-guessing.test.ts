import { describe, expect, it } from 'vitest'
import {
  PASSWORD,
  randomIp,
  signedInUser,
  signIn,
  TestClient,
  uniqueEmail,
} from '../../test/auth-client.ts'
import { useTestServer } from '../../test/use-test-database.ts'

/**
 * Password guessing (ARCHITECTURE §5, ADR 010): wrong passwords are counted per account and
 * address, so 40 in a row from one address end in 429 + Retry-After, while 12 from one
 * address never stop the right password from another. The per-address attempt limit across
 * accounts is raised here so that what is measured is the failure count alone.
 */
const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' }, undefined, {
  authRateLimits: { signInPerIp: { max: 10_000, windowSeconds: 600 } },
})

const WRONG = 'Senha-Errada-1'

function expectRetryAfter(res: Response) {
  expect(res.status).toBe(429)
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
}

describe('sign-in', () => {
  it('lets 5 wrong passwords through, then slows the address down: 40 in a row end in 429', async () => {
    const { email } = await signedInUser(server)
    const attacker = new TestClient(server)
    const statuses: number[] = []
    let last: Response | undefined
    for (let i = 0; i < 40; i++) {
      last = await signIn(attacker, email, WRONG)
      statuses.push(last.status)
    }
    // The first six are answered (the sixth starts the delay), the last is refused.
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401])
    if (!last) throw new Error('no answer')
    expectRetryAfter(last)
    expect(await last.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
      },
    })
    // Refused attempts are not evaluated: even the right password waits at that address.
    expectRetryAfter(await signIn(attacker, email, PASSWORD))
    // From the owner's address, the right password still works.
    expect((await signIn(new TestClient(server), email, PASSWORD)).status).toBe(200)
  }, 60_000)

  it('never lets 12 wrong passwords from one address stop the right one from another', async () => {
    const { email } = await signedInUser(server)
    const attacker = new TestClient(server)
    for (let i = 0; i < 12; i++) await signIn(attacker, email, WRONG)
    const owner = new TestClient(server)
    expect((await signIn(owner, email, PASSWORD)).status).toBe(200)
    expect(owner.sessionToken()).toBeTruthy()
  }, 60_000)

  it('counts failures, not attempts: right passwords in between clear the address', async () => {
    const { email } = await signedInUser(server)
    const client = new TestClient(server)
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await signIn(client, email, WRONG)).status).toBe(401)
      expect((await signIn(client, email, PASSWORD)).status).toBe(200)
    }
  }, 60_000)

  it('caps failures per account from unknown addresses, but not from where the owner signs in', async () => {
    const { email, client: owner } = await signedInUser(server)
    // 50 addresses, one wrong password each: the account-wide ceiling.
    for (let batch = 0; batch < 5; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => signIn(new TestClient(server), email, WRONG)),
      )
      expect(answers.map((r) => r.status)).toEqual(Array(10).fill(401))
    }
    expectRetryAfter(await signIn(new TestClient(server), email, PASSWORD))
    // The owner's address signed in before: it is not held by the ceiling.
    expect((await signIn(new TestClient(server, owner.ip), email, PASSWORD)).status).toBe(200)
  }, 60_000)

  it('a password reset clears a distributed guess: 55 wrong passwords from 11 addresses', async () => {
    const { email } = await signedInUser(server)
    for (let batch = 0; batch < 5; batch++) {
      await Promise.all(
        Array.from({ length: 11 }, (_, i) =>
          signIn(new TestClient(server, `198.51.${batch}.${i + 1}`), email, WRONG),
        ),
      )
    }
    // The ceiling holds unknown addresses, the owner's new one too...
    expectRetryAfter(await signIn(new TestClient(server), email, PASSWORD))
    // ...until the owner resets the password (proving the e-mail): every count goes.
    const asked = await new TestClient(server).post('/api/auth/request-password-reset', {
      email,
      redirectTo: `${server.url}/redefinir-senha`,
    })
    expect(asked.status).toBe(200)
    const { rows } = await server.database.pool.query<{ link: string }>(
      `select link from email_outbox where recipient = $1 and kind = 'redefinir-senha'
        order by id desc limit 1`,
      [email],
    )
    const token = /reset-password\/([\w-]+)/.exec(rows[0]?.link ?? '')?.[1]
    expect(token).toBeTruthy()
    const newPassword = 'Outra-Senha-Forte-77'
    const reset = await new TestClient(server).post('/api/auth/reset-password', {
      token,
      newPassword,
    })
    expect(reset.status).toBe(200)
    expect((await signIn(new TestClient(server), email, newPassword)).status).toBe(200)
  }, 60_000)

  it('treats an unknown e-mail like a known one', async () => {
    const email = uniqueEmail()
    const client = new TestClient(server, randomIp())
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) statuses.push((await signIn(client, email, WRONG)).status)
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401])
    expect(statuses.at(-1)).toBe(429)
  }, 60_000)
})

describe('change-password and verify-password', () => {
  it('ends 40 wrong current passwords in one session in 429', async () => {
    const { client } = await signedInUser(server)
    const statuses: number[] = []
    let last: Response | undefined
    for (let i = 0; i < 40; i++) {
      last = await client.post('/api/auth/change-password', {
        currentPassword: WRONG,
        newPassword: 'Outra-Senha-Boa-77',
      })
      statuses.push(last.status)
    }
    expect(statuses[0]).toBe(400)
    if (!last) throw new Error('no answer')
    expectRetryAfter(last)
  }, 60_000)

  it('throttles verify-password the same way', async () => {
    const { client } = await signedInUser(server)
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      statuses.push((await client.post('/api/auth/verify-password', { password: WRONG })).status)
    }
    expect(statuses.slice(0, 6)).toEqual([400, 400, 400, 400, 400, 400])
    expect(statuses.at(-1)).toBe(429)
  }, 60_000)

  it('throttles the password that confirms DELETE /api/me', async () => {
    const { client } = await signedInUser(server)
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      const res = await client.request('/api/me', { method: 'DELETE', json: { password: WRONG } })
      statuses.push(res.status)
    }
    expect(statuses.slice(0, 6)).toEqual([403, 403, 403, 403, 403, 403])
    expect(statuses.at(-1)).toBe(429)
  }, 60_000)
})
