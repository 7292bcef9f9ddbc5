import {
  type Team,
  type Transaction,
  teamSummarySchema,
  transactionPageSchema,
} from '@equilibrai/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASSWORD, signedInUser, TestClient, uniqueEmail } from '../../test/auth-client.ts'
import { expectContract } from '../../test/contract.ts'
import { type MailCatcher, startMailCatcher } from '../../test/mail-catcher.ts'
import { startTestServer, type TestServer } from '../../test/test-server.ts'
import { hashToken } from './team-service.ts'
import { TEAM_INVITATION_SUBJECT } from './team-emails.ts'

let server: TestServer
let mail: MailCatcher
beforeAll(async () => {
  mail = await startMailCatcher()
  // E-mails go out through the outbox's job runner (ADR 020).
  server = await startTestServer({
    SMTP_URL: mail.url,
    TRUST_PROXY: 'x-forwarded-for',
    WORKER: 'on',
  })
})
afterAll(async () => {
  await server?.stop()
  await mail?.close()
})

type User = Awaited<ReturnType<typeof signedInUser>>

async function person(plan = 'free', name = 'Maria da Silva'): Promise<User> {
  const u = await signedInUser(server, { name })
  await setPlan(u, plan)
  return u
}

async function setPlan(u: User, plan: string) {
  await server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    u.userId,
    plan,
  ])
}

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error

/** Invites `email` and returns the token from the e-mail's link. */
async function invite(owner: User, email: string): Promise<string> {
  const since = mail.messages.length
  const res = await owner.client.post('/api/team/invitations', { email })
  expect(res.status).toBe(201)
  const message = await mail.waitFor(email, { since, subject: TEAM_INVITATION_SUBJECT })
  const match = /\/convite\/([\w-]+)/.exec(message.link)
  expect(message.link.startsWith(`${server.url}/convite/`)).toBe(true)
  const token = match?.[1] ?? ''
  // The link's token is an invitation the server stored (an accept answered 404 twice in CI,
  // cause not found: this tells the mail apart from the accept if it happens again).
  const { rows } = await server.database.pool.query(
    'select 1 from team_invitations where token_hash = $1',
    [hashToken(token)],
  )
  expect(rows, `no invitation for the token in ${message.link}`).toHaveLength(1)
  return token
}

async function teamOf(owner: User, member: User): Promise<void> {
  const token = await invite(owner, member.email)
  const res = await member.client.post(`/api/team/invitations/${token}/accept`, {})
  expect(res.status, await res.clone().text()).toBe(200)
}

const entry = (over: Record<string, unknown> = {}) => ({
  type: 'expense',
  amount_cents: 1000,
  description: 'Farinha',
  category: 'negocio',
  occurred_on: '2026-11-10',
  ...over,
})

async function list(u: User, query = ''): Promise<Transaction[]> {
  const res = await u.client.request(`/api/v1/transactions${query}`)
  expect(res.status).toBe(200)
  return expectContract(transactionPageSchema, await res.json()).data
}

describe('teams', () => {
  it('refuses a team to plans without dashboard_equipe', async () => {
    const free = await person('free')
    const res = await free.client.request('/api/team')
    expect(res.status).toBe(403)
    expect((await errorOf(res)).code).toBe('FEATURE_NOT_IN_PLAN')
    const pf = await person('pf_simples')
    const inv = await pf.client.post('/api/team/invitations', { email: uniqueEmail() })
    expect(inv.status).toBe(403)
    expect((await new TestClient(server).request('/api/team')).status).toBe(401)
  })

  it('invites by e-mail in pt-BR, stores only the token hash, and the invitee joins', async () => {
    const owner = await person('empresas_2', 'Joana Padeira')
    const partner = await person('free', 'Carlos Sócio')
    const since = mail.messages.length
    const token = await invite(owner, partner.email.toUpperCase())
    const message = mail.messages
      .slice(since)
      .find((m) => m.to.includes(partner.email) && m.link.includes('/convite/'))
    expect(message?.subject).toBe('Convite para uma equipe — Equilibraí')
    // Who invites, by name beside the verified address (the name reads as a person's name).
    expect(message?.text).toContain(`Joana Padeira (${owner.email}) convidou você para uma equipe`)
    expect(message?.text).toContain('com este mesmo e-mail para aceitar')
    expect(message?.text).toContain('O convite vale por 7 dias')
    const { rows } = await server.database.pool.query<{ token_hash: string; email: string }>(
      'select token_hash, email from team_invitations where email = $1',
      [partner.email],
    )
    expect(rows).toEqual([{ token_hash: hashToken(token), email: partner.email }])
    expect(JSON.stringify(rows)).not.toContain(token)

    const preview = await new TestClient(server).request(`/api/team/invitations/${token}`)
    expect(await preview.json()).toMatchObject({
      email: partner.email,
      owner_name: 'Joana Padeira',
      status: 'pending',
    })

    const before = (await (await owner.client.request('/api/team')).json()) as Team
    expect(before).toMatchObject({
      max_users: 2,
      seats_used: 1,
      status: 'active',
      my_role: 'owner',
    })
    expect(before.invitations).toEqual([
      { id: expect.any(Number), email: partner.email, expires_at: expect.any(String) },
    ])
    const days = (Date.parse(before.invitations[0]?.expires_at ?? '') - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)

    // Someone else signed in cannot take the invitation.
    const stranger = await person('free')
    const wrong = await stranger.client.post(`/api/team/invitations/${token}/accept`, {})
    expect(wrong.status).toBe(403)
    expect((await errorOf(wrong)).code).toBe('INVITATION_EMAIL_MISMATCH')

    const accepted = await partner.client.post(`/api/team/invitations/${token}/accept`, {})
    expect(accepted.status).toBe(200)
    const team = (await accepted.json()) as Team
    expect(team.my_role).toBe('member')
    expect(team.invitations).toEqual([])
    expect(team.members.map((m) => [m.name, m.role, m.active])).toEqual([
      ['Joana Padeira', 'owner', true],
      ['Carlos Sócio', 'member', true],
    ])

    // Single use.
    const again = await partner.client.post(`/api/team/invitations/${token}/accept`, {})
    expect(again.status).toBe(409)
    expect((await errorOf(again)).code).toBe('INVITATION_USED')

    // Both record into one ledger; each entry says who recorded it; the free member has no limit.
    for (let i = 0; i < 6; i++) {
      const res = await partner.client.post(
        '/api/v1/transactions',
        entry({ description: `venda ${i}`, type: 'income', category: 'vendas' }),
      )
      expect(res.status).toBe(201)
    }
    await owner.client.post('/api/v1/transactions', entry())
    const seen = await list(owner)
    expect(seen).toHaveLength(7)
    expect(seen.filter((t) => t.created_by?.name === 'Carlos Sócio')).toHaveLength(6)
    expect(seen.find((t) => t.description === 'Farinha')?.created_by).toEqual({
      id: owner.userId,
      name: 'Joana Padeira',
    })
    expect(await list(partner)).toEqual(seen)
    const onlyPartner = await list(owner, `?member=${partner.userId}`)
    expect(onlyPartner.map((t) => t.created_by?.id)).toEqual(Array(6).fill(partner.userId))

    const summary = expectContract(
      teamSummarySchema,
      await (await owner.client.request('/api/v1/team/summary?month=2026-11')).json(),
    )
    expect(summary).toEqual({
      month: '2026-11',
      members: [
        {
          user_id: owner.userId,
          name: 'Joana Padeira',
          income_cents: 0,
          expense_cents: 1000,
          count: 1,
        },
        {
          user_id: partner.userId,
          name: 'Carlos Sócio',
          income_cents: 6000,
          expense_cents: 0,
          count: 6,
        },
      ],
    })
  })

  it('holds the seats: owner + members + pending invitations never pass max_users', async () => {
    const owner = await person('empresas_2')
    await invite(owner, uniqueEmail())
    const res = await owner.client.post('/api/team/invitations', { email: uniqueEmail() })
    expect(res.status).toBe(409)
    expect(await errorOf(res)).toEqual({
      code: 'SEATS_FULL',
      message: expect.stringContaining('2 lugares do plano Empresas 2'),
    })
    // Cancelling frees the seat.
    const team = (await (await owner.client.request('/api/team')).json()) as Team
    const id = team.invitations[0]?.id
    expect(
      (await owner.client.request(`/api/team/invitations/${id}`, { method: 'DELETE' })).status,
    ).toBe(204)
    await invite(owner, uniqueEmail())
  })

  it('keeps the seats under concurrent invitations (team row locked)', async () => {
    const owner = await person('empresas_15')
    const results = await Promise.all(
      Array.from({ length: 24 }, () =>
        owner.client.post('/api/team/invitations', { email: uniqueEmail() }),
      ),
    )
    const statuses = results.map((r) => r.status).sort()
    expect(statuses.filter((s) => s === 201)).toHaveLength(14)
    expect(statuses.filter((s) => s === 409)).toHaveLength(10)
    const { rows } = await server.database.pool.query<{ n: number }>(
      `select count(*)::int as n from team_invitations i join teams t on t.id = i.team_id
        where t.owner_user_id = $1 and i.cancelled_at is null`,
      [owner.userId],
    )
    expect(rows[0]?.n).toBe(14)
  })

  it('refuses an expired invitation and a second invitation to the same address', async () => {
    const owner = await person('empresas_15')
    const guest = await person('free')
    const token = await invite(owner, guest.email)
    const twice = await owner.client.post('/api/team/invitations', { email: guest.email })
    expect((await errorOf(twice)).code).toBe('INVITATION_PENDING')
    await server.database.pool.query(
      `update team_invitations set expires_at = now() - interval '1 minute' where token_hash = $1`,
      [hashToken(token)],
    )
    const late = await guest.client.post(`/api/team/invitations/${token}/accept`, {})
    expect(late.status).toBe(409)
    expect((await errorOf(late)).code).toBe('INVITATION_EXPIRED')
    // A new invitation replaces the expired one.
    const fresh = await invite(owner, guest.email)
    const accepted = await guest.client.post(`/api/team/invitations/${fresh}/accept`, {})
    expect(accepted.status, await accepted.clone().text()).toBe(200)
    const unknown = await guest.client.post(`/api/team/invitations/${'x'.repeat(43)}/accept`, {})
    expect(unknown.status).toBe(404)
  })

  it('removing a member or leaving sends them back to their own ledger at once', async () => {
    const owner = await person('empresas_15')
    const a = await person('free')
    const b = await person('free')
    await teamOf(owner, a)
    await teamOf(owner, b)
    await a.client.post('/api/v1/transactions', entry({ description: 'da equipe' }))
    expect((await list(a)).map((t) => t.description)).toEqual(['da equipe'])

    // Only the owner removes others.
    const notOwner = await a.client.request(`/api/team/members/${b.userId}`, { method: 'DELETE' })
    expect(notOwner.status).toBe(403)

    expect(
      (await owner.client.request(`/api/team/members/${a.userId}`, { method: 'DELETE' })).status,
    ).toBe(204)
    expect(await list(a)).toEqual([])
    await a.client.post('/api/v1/transactions', entry({ description: 'minha' }))
    expect((await list(owner)).map((t) => t.description)).toEqual(['da equipe'])

    expect(
      (await b.client.request(`/api/team/members/${b.userId}`, { method: 'DELETE' })).status,
    ).toBe(204)
    expect(await list(b)).toEqual([])
    const team = (await (await owner.client.request('/api/team')).json()) as Team
    expect(team.members.map((m) => m.user_id)).toEqual([owner.userId])
  })

  it('a downgrade sends members home with nothing deleted; upgrading restores the team', async () => {
    const owner = await person('empresas_2')
    const member = await person('free')
    await teamOf(owner, member)
    await member.client.post('/api/v1/transactions', entry({ description: 'antes' }))

    await setPlan(owner, 'free')
    expect(await list(member)).toEqual([])
    const suspended = (await (await owner.client.request('/api/team')).json()) as Team
    expect(suspended.status).toBe('suspended')
    expect(suspended.members.map((m) => [m.role, m.active])).toEqual([
      ['owner', true],
      ['member', false],
    ])
    expect((await list(owner)).map((t) => t.description)).toEqual(['antes'])
    // The member is now on their own free plan: their entries count against their own limit.
    await member.client.post('/api/v1/transactions', entry({ description: 'sozinho' }))

    await setPlan(owner, 'empresas_2')
    expect((await list(member)).map((t) => t.description)).toEqual(['antes'])
    expect((await list(owner)).map((t) => t.description)).toEqual(['antes'])
  })

  it('past the seats of a smaller plan, the earliest members keep theirs', async () => {
    const owner = await person('empresas_15')
    const first = await person('free')
    const second = await person('free')
    await teamOf(owner, first)
    await teamOf(owner, second)
    await owner.client.post('/api/v1/transactions', entry({ description: 'da equipe' }))
    await setPlan(owner, 'empresas_2')
    expect((await list(first)).map((t) => t.description)).toEqual(['da equipe'])
    expect(await list(second)).toEqual([])
    const team = (await (await owner.client.request('/api/team')).json()) as Team
    expect(team.members.map((m) => m.active)).toEqual([true, true, false])
  })

  it("a member's own API key records into the team's ledger, and stops at once on removal", async () => {
    const owner = await person('empresas_15', 'Dona da Rede')
    const member = await person('free', 'Gerente da Loja')
    await teamOf(owner, member)
    const created = await member.client.post('/api/api-keys', { name: 'Caixa da loja' })
    expect(created.status).toBe(201)
    const { key } = (await created.json()) as { key: string }
    const bearer = (path: string, init: RequestInit = {}) =>
      fetch(`${server.url}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      })
    const res = await bearer('/api/v1/transactions', {
      method: 'POST',
      body: JSON.stringify(entry({ description: 'pela api' })),
    })
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({
      source: 'api',
      created_by: { id: member.userId, name: 'Gerente da Loja' },
    })
    expect((await list(owner)).map((t) => t.description)).toEqual(['pela api'])

    await owner.client.request(`/api/team/members/${member.userId}`, { method: 'DELETE' })
    // The key is the member's: back on their own free plan, it no longer reaches any ledger.
    const after = await bearer('/api/v1/transactions')
    expect(after.status).toBe(403)
    expect(await after.text()).not.toContain('pela api')
  })

  it("deleting the owner's account dissolves the team; the member keeps their own ledger", async () => {
    const owner = await person('empresas_2')
    const member = await person('free')
    await teamOf(owner, member)
    await member.client.post('/api/v1/transactions', entry({ description: 'na equipe' }))
    const gone = await owner.client.request('/api/me', {
      method: 'DELETE',
      json: { password: PASSWORD },
    })
    expect(gone.status).toBe(200)
    expect(await list(member)).toEqual([])
    expect((await member.client.request('/api/team')).status).toBe(403)
    const created = await member.client.post(
      '/api/v1/transactions',
      entry({ description: 'minha' }),
    )
    expect(created.status).toBe(201)
    expect((await list(member)).map((t) => t.description)).toEqual(['minha'])
  })
})
