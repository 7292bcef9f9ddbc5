import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../src/app/create-app.ts'
import { hashToken } from '../src/teams/team-service.ts'
import { signedInUser, TestClient, uniqueEmail } from './auth-client.ts'
import { useTestServer } from './use-test-database.ts'

/*
 * Issue 14's authorisation matrix: every team route and every /api/v1 route (read from the
 * app's own route table, so routes other features add are covered too) × owner, member,
 * removed member, someone else, anonymous. A leak is any team data — the team's entries, the
 * owner's identity, a pending invitation — in a response to someone outside the team, or a
 * change to the team's data by them. Expected: none.
 */

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

type Caller = 'owner' | 'member' | 'removed' | 'someone else' | 'anonymous'
type User = Awaited<ReturnType<typeof signedInUser>>

const tag = randomBytes(4).toString('hex')
const MARKERS = {
  teamEntry: `segredo-da-equipe-${tag}`,
  removedEntry: `do-removido-${tag}`,
  ownerName: `Dona Marcadora ${tag}`,
  invited: `convidado.${tag}@exemplo.com.br`,
}
/** Public on purpose (API documentation): may answer without a session, never with data. */
const PUBLIC_V1 = [/^\/api\/v1\/openapi\.json$/]

let owner: User
let member: User
let removed: User
let someoneElse: User
let teamEntryId: number
let invitationId: number
const invitationToken = randomBytes(32).toString('base64url')
const clients = {} as Record<Caller, TestClient>
let teamFingerprint = ''

async function plan(u: User, planType: string) {
  await server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    u.userId,
    planType,
  ])
}

async function join(u: User) {
  const res = await owner.client.post('/api/team/invitations', { email: u.email })
  expect(res.status).toBe(201)
  // The e-mail's token is only in the e-mail: give this invitation a token the test knows.
  const token = randomBytes(32).toString('base64url')
  await server.database.pool.query(
    `update team_invitations set token_hash = $2 where email = $1 and accepted_at is null`,
    [u.email, hashToken(token)],
  )
  expect((await u.client.post(`/api/team/invitations/${token}/accept`, {})).status).toBe(200)
}

/** Everything a leak could change: the team's entries, members and pending invitations. */
async function fingerprint(): Promise<string> {
  const { rows } = await server.database.pool.query(
    `select (select json_agg(t order by t.id) from (
               select id, amount_cents, description, category, occurred_on, created_by
                 from transactions where ledger_id = (select ledger_id from teams where owner_user_id = $1)) t) as entries,
            (select json_agg(m.user_id order by m.user_id) from team_members m
               join teams t on t.id = m.team_id where t.owner_user_id = $1) as members,
            (select json_agg(i.id order by i.id) from team_invitations i
               join teams t on t.id = i.team_id
              where t.owner_user_id = $1 and i.accepted_at is null and i.cancelled_at is null) as pending`,
    [owner.userId],
  )
  return JSON.stringify(rows[0])
}

beforeAll(async () => {
  owner = await signedInUser(server, { name: MARKERS.ownerName })
  await plan(owner, 'empresas_15')
  member = await signedInUser(server, { name: 'Membro Atual' })
  removed = await signedInUser(server, { name: 'Membro Removido' })
  someoneElse = await signedInUser(server, { name: 'Outra Empresa' })
  await plan(someoneElse, 'empresas_15')
  await join(member)
  await join(removed)

  const created = await member.client.post('/api/v1/transactions', {
    type: 'expense',
    amount_cents: 4321,
    description: MARKERS.teamEntry,
    category: 'negocio',
    occurred_on: '2026-11-10',
  })
  teamEntryId = ((await created.json()) as { id: number }).id
  await removed.client.post('/api/v1/transactions', {
    type: 'income',
    amount_cents: 1234,
    description: MARKERS.removedEntry,
    category: 'vendas',
    occurred_on: '2026-11-11',
  })
  // While a member, the removed one saw the team's entries…
  expect(await (await removed.client.request('/api/v1/transactions')).text()).toContain(
    MARKERS.teamEntry,
  )
  expect(
    (await owner.client.request(`/api/team/members/${removed.userId}`, { method: 'DELETE' }))
      .status,
  ).toBe(204)
  await someoneElse.client.post('/api/v1/transactions', {
    type: 'expense',
    amount_cents: 999,
    description: 'da outra empresa',
    category: 'negocio',
    occurred_on: '2026-11-10',
  })
  const inv = await owner.client.post('/api/team/invitations', { email: MARKERS.invited })
  invitationId = ((await inv.json()) as { id: number }).id
  await server.database.pool.query('update team_invitations set token_hash = $2 where id = $1', [
    invitationId,
    hashToken(invitationToken),
  ])

  clients.owner = owner.client
  clients.member = member.client
  clients.removed = removed.client
  clients['someone else'] = someoneElse.client
  clients.anonymous = new TestClient(server)
  teamFingerprint = await fingerprint()
})

const OUTSIDERS: Caller[] = ['removed', 'someone else', 'anonymous']

function leaks(caller: Caller, body: string): string[] {
  const forbidden =
    caller === 'owner'
      ? []
      : caller === 'member'
        ? [MARKERS.invited]
        : [
            MARKERS.teamEntry,
            MARKERS.removedEntry,
            MARKERS.ownerName,
            MARKERS.invited,
            owner.userId,
          ]
  return forbidden.filter((m) => body.includes(m))
}

/** Every /api/v1 route the app serves, with its method. */
function v1Routes(): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>()
  for (const r of createApp(server.deps).routes) {
    if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method)) continue
    if (!r.path.startsWith('/api/v1/')) continue
    seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path })
  }
  return [...seen.values()]
}

/** Path parameters filled with the team's entry id (outsiders) or a missing id (insiders). */
function fill(path: string, id: string): string {
  return path.replace(/:\w+(\{[^}]*\})?\??/g, id)
}

describe('access matrix: every /api/v1 route', () => {
  it('covers the routes of the ledger, the team and the analysis', () => {
    const paths = v1Routes().map((r) => `${r.method} ${r.path}`)
    for (const expected of [
      'GET /api/v1/transactions',
      'POST /api/v1/transactions',
      'GET /api/v1/transactions/:id',
      'PATCH /api/v1/transactions/:id',
      'DELETE /api/v1/transactions/:id',
      'GET /api/v1/summary',
      'GET /api/v1/team/summary',
      'GET /api/v1/analysis',
    ])
      expect(paths).toContain(expected)
  })

  it('answers insiders with their team and never leaks to anyone else', async () => {
    const problems: string[] = []
    for (const route of v1Routes()) {
      const mutates = route.method !== 'GET'
      for (const caller of Object.keys(clients) as Caller[]) {
        const insider = caller === 'owner' || caller === 'member'
        // Insiders must not delete or change the team's data in this sweep: a missing id.
        const id = insider && mutates ? '0' : String(teamEntryId)
        const path = fill(route.path, id)
        const res = await clients[caller].request(path, {
          method: route.method,
          ...(mutates && route.method !== 'DELETE' ? { json: {} } : {}),
        })
        const body = await res.text()
        const where = `${caller} ${route.method} ${path} → ${res.status}`
        if (res.status >= 500) problems.push(`${where}: server error`)
        for (const leak of leaks(caller, body)) problems.push(`${where}: leaks ${leak}`)
        if (
          caller === 'anonymous' &&
          res.status !== 401 &&
          !PUBLIC_V1.some((p) => p.test(route.path))
        )
          problems.push(`${where}: expected 401`)
        if (OUTSIDERS.includes(caller) && !mutates && res.status < 300 && route.path.includes(':'))
          problems.push(`${where}: an outsider read the team's entry by id`)
      }
    }
    expect(problems).toEqual([])
    expect(await fingerprint()).toBe(teamFingerprint)
  })

  it('shows the team to its owner and member, the same ledger to both', async () => {
    const ownerList = await (await owner.client.request('/api/v1/transactions')).text()
    const memberList = await (await member.client.request('/api/v1/transactions')).text()
    expect(ownerList).toContain(MARKERS.teamEntry)
    expect(ownerList).toContain(MARKERS.removedEntry)
    expect(memberList).toBe(ownerList)
    const removedList = await (await removed.client.request('/api/v1/transactions')).text()
    expect(JSON.parse(removedList)).toEqual({ data: [], next_cursor: null })
  })
})

describe('access matrix: the team routes', () => {
  type Expect = Partial<Record<Caller, number>>
  const cases: {
    name: string
    method: string
    path: () => string
    json?: () => unknown
    expect: Expect
  }[] = [
    {
      name: 'GET /api/team',
      method: 'GET',
      path: () => '/api/team',
      expect: { owner: 200, member: 200, removed: 403, 'someone else': 200, anonymous: 401 },
    },
    {
      name: 'POST /api/team/invitations',
      method: 'POST',
      path: () => '/api/team/invitations',
      json: () => ({ email: uniqueEmail('matriz') }),
      // Someone else on a business plan invites into THEIR team: allowed, and not this team.
      expect: { member: 403, removed: 403, 'someone else': 201, anonymous: 401 },
    },
    {
      // The link is the capability (like a password-reset link): without its token, nothing.
      name: 'GET /api/team/invitations/:token (a wrong token)',
      method: 'GET',
      path: () => `/api/team/invitations/${randomBytes(32).toString('base64url')}`,
      expect: { owner: 404, member: 404, removed: 404, 'someone else': 404, anonymous: 404 },
    },
    {
      name: 'POST /api/team/invitations/:token/accept',
      method: 'POST',
      path: () => `/api/team/invitations/${invitationToken}/accept`,
      json: () => ({}),
      expect: { owner: 403, member: 403, removed: 403, 'someone else': 403, anonymous: 401 },
    },
    {
      name: 'DELETE /api/team/members/:member',
      method: 'DELETE',
      path: () => `/api/team/members/${member.userId}`,
      expect: { removed: 404, 'someone else': 404, anonymous: 401 },
    },
    {
      name: 'DELETE /api/team/members/:owner',
      method: 'DELETE',
      path: () => `/api/team/members/${owner.userId}`,
      expect: { owner: 409, member: 403, removed: 404, 'someone else': 404, anonymous: 401 },
    },
    {
      name: 'DELETE /api/team/invitations/:id',
      method: 'DELETE',
      path: () => `/api/team/invitations/${invitationId}`,
      expect: { member: 403, removed: 404, 'someone else': 404, anonymous: 401 },
    },
    {
      name: 'GET /api/v1/team/summary',
      method: 'GET',
      path: () => '/api/v1/team/summary?month=2026-11',
      expect: { owner: 200, member: 200, removed: 403, 'someone else': 200, anonymous: 401 },
    },
  ]

  it.each(cases)('$name', async (c) => {
    const problems: string[] = []
    for (const [caller, status] of Object.entries(c.expect) as [Caller, number][]) {
      const res = await clients[caller].request(c.path(), {
        method: c.method,
        ...(c.json ? { json: c.json() } : {}),
      })
      const body = await res.text()
      if (res.status !== status) problems.push(`${caller}: ${res.status}, expected ${status}`)
      for (const leak of leaks(caller, body)) problems.push(`${caller}: leaks ${leak}`)
    }
    expect(problems).toEqual([])
    expect(await fingerprint()).toBe(teamFingerprint)
  })

  it('shows the owner the pending invitation, and the member the team without it', async () => {
    const asOwner = await (await owner.client.request('/api/team')).text()
    expect(asOwner).toContain(MARKERS.invited)
    const asMember = JSON.parse(await (await member.client.request('/api/team')).text())
    expect(asMember).toMatchObject({ my_role: 'member', invitations: [] })
    expect(asMember.members.map((m: { name: string }) => m.name)).toEqual([
      MARKERS.ownerName,
      'Membro Atual',
    ])
  })
})
