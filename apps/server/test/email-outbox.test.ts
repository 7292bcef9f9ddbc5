import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, signUp, TestClient, uniqueEmail } from './auth-client.ts'
import { useTestServer } from './use-test-database.ts'

/*
 * No request waits on SMTP (ADR 020): with a mail server that accepts connections and never
 * says a word, sign-up, a reset request and a team invitation still answer, each with its
 * e-mail waiting in the outbox. Sent inline, each would have waited at least for the 10 s
 * greeting timeout and then failed.
 */
let silent: net.Server
const sockets = new Set<net.Socket>()
let port = 0

beforeAll(async () => {
  silent = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  port = (silent.address() as net.AddressInfo).port
})
const server = useTestServer(() => ({
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  TRUST_PROXY: 'x-forwarded-for',
  WORKER: 'on',
}))
// Registered after useTestServer, so it runs before the server stops.
afterAll(async () => {
  // The worker's attempt is still waiting for a greeting: cut it, so the runner stops at once.
  for (const socket of sockets) socket.destroy()
  await new Promise((resolve) => silent?.close(resolve))
})

async function outbox(email: string) {
  const { rows } = await server.database.pool.query<{ kind: string; status: string }>(
    'select kind, status from email_outbox where lower(recipient) = lower($1) order by id',
    [email],
  )
  return rows
}

/** A budget far below the SMTP greeting timeout (10 s) an inline send would wait for. */
const FAST_MS = 8_000

async function timed(request: () => Promise<Response>) {
  const started = performance.now()
  const res = await request()
  return { res, ms: performance.now() - started }
}

describe('a mail server that never answers', () => {
  it('holds up no request: each e-mail waits in the outbox', async () => {
    const email = uniqueEmail('sem-smtp')
    const client = new TestClient(server)
    const signedUp = await timed(() => signUp(client, { email }))
    expect(signedUp.res.status).toBe(200)
    expect(signedUp.ms).toBeLessThan(FAST_MS)
    expect(await outbox(email)).toEqual([{ kind: 'confirmar-email', status: 'queued' }])

    const reset = await timed(() =>
      new TestClient(server).post('/api/auth/request-password-reset', {
        email,
        redirectTo: `${server.url}/reset-password`,
      }),
    )
    expect(reset.res.status).toBe(200)
    expect(reset.ms).toBeLessThan(FAST_MS)
    expect(await outbox(email)).toEqual([
      { kind: 'confirmar-email', status: 'queued' },
      { kind: 'redefinir-senha', status: 'queued' },
    ])

    // An unknown address: the same answer, and nothing queued.
    const unknown = uniqueEmail('ninguem')
    const none = await new TestClient(server).post('/api/auth/request-password-reset', {
      email: unknown,
      redirectTo: `${server.url}/reset-password`,
    })
    expect(await none.json()).toEqual(await reset.res.json())
    expect(await outbox(unknown)).toEqual([])

    // A team owner invites someone: the invitation and its e-mail are stored together.
    const { rows } = await server.database.pool.query<{ id: string }>(
      `update "user" set "emailVerified" = true where email = $1 returning id`,
      [email],
    )
    await server.database.pool.query(
      `update subscribers set plan_type = 'empresas_2' where user_id = $1`,
      [rows[0]?.id],
    )
    expect((await signIn(client, email)).status).toBe(200)
    const invitee = uniqueEmail('convidada')
    const invited = await timed(() => client.post('/api/team/invitations', { email: invitee }))
    expect(invited.res.status).toBe(201)
    expect(invited.ms).toBeLessThan(FAST_MS)
    expect(await outbox(invitee)).toEqual([{ kind: 'team-invitation', status: 'queued' }])
  })
})
