import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { errorOf, userOnPlan, type ApiUser } from '../../test/api-kit.ts'
import { PASSWORD, signedInUser, uniqueEmail } from '../../test/auth-client.ts'
import { hashToken } from './team-service.ts'
import { useTestServer } from '../../test/use-test-database.ts'

/*
 * Issue 25 (low), teams under hostile or unlucky use: one person accepting two teams'
 * invitations at the same moment, an owner inviting and cancelling to flood someone's inbox,
 * and what stays of a member who deletes their account.
 */

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

const db = () => server.database.pool

/** Invites `email` and gives the invitation a token the test knows (the e-mail's is hashed). */
async function invitation(owner: ApiUser, email: string): Promise<string> {
  const res = await owner.client.post('/api/team/invitations', { email })
  expect(res.status).toBe(201)
  const token = randomBytes(32).toString('base64url')
  await db().query(
    `update team_invitations set token_hash = $2
      where email = $1 and accepted_at is null and cancelled_at is null
        and team_id = (select id from teams where owner_user_id = $3)`,
    [email, hashToken(token), owner.userId],
  )
  return token
}

describe('teams under abuse', () => {
  it('one person accepting several teams at once joins one and gets a clear 409 from the others', {
    timeout: 120_000,
  }, async () => {
    // Several rounds, several teams each: the race is between transactions that lock
    // different teams, so it shows up only sometimes with two.
    for (let round = 0; round < 2; round++) {
      const owners = await Promise.all(Array.from({ length: 4 }, () => userOnPlan(server)))
      const person = await signedInUser(server)
      const tokens: string[] = []
      for (const owner of owners) tokens.push(await invitation(owner, person.email))
      const answers = await Promise.all(
        tokens.map((t) => person.client.post(`/api/team/invitations/${t}/accept`, {})),
      )
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409])
      for (const refused of answers.filter((r) => r.status === 409)) {
        expect((await errorOf(refused)).code).toBe('ALREADY_IN_TEAM')
      }
      const { rows } = await db().query(
        'select count(*)::int as n from team_members where user_id = $1',
        [person.userId],
      )
      expect(rows[0]).toEqual({ n: 1 })
    }
  })

  it('25 invite-and-cancel rounds to one address send 3 e-mails, then 429 in pt-BR', async () => {
    const owner = await userOnPlan(server)
    const victim = uniqueEmail('vitima')
    const statuses: number[] = []
    let message = ''
    for (let round = 0; round < 25; round++) {
      const res = await owner.client.post('/api/team/invitations', { email: victim })
      statuses.push(res.status)
      if (res.status !== 201) {
        message = (await errorOf(res)).message
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
        continue
      }
      const { id } = (await res.json()) as { id: number }
      const cancel = await owner.client.request(`/api/team/invitations/${id}`, {
        method: 'DELETE',
      })
      expect(cancel.status).toBe(204)
    }
    expect(statuses).toEqual([201, 201, 201, ...Array(22).fill(429)])
    expect(message).toBe(
      'Você já convidou este e-mail 3 vezes nas últimas 24 horas. Tente de novo amanhã.',
    )
    const { rows } = await db().query(
      `select count(*)::int as n from email_outbox
        where lower(recipient) = $1 and kind = 'team-invitation'`,
      [victim],
    )
    expect(rows[0]).toEqual({ n: 3 })
  })

  it("a member's deleted account leaves no e-mail in team_invitations and no name in webhook events", async () => {
    const owner = await userOnPlan(server)
    const member = await signedInUser(server, { name: 'Zeca Apagado' })
    const token = await invitation(owner, member.email)
    expect((await member.client.post(`/api/team/invitations/${token}/accept`, {})).status).toBe(200)
    const hook = await owner.client.post('/api/v1/webhook-endpoints', {
      url: 'http://127.0.0.1:9/h',
      events: ['transaction.created'],
    })
    expect(hook.status).toBe(201)
    const entry = await member.client.post('/api/v1/transactions', {
      type: 'expense',
      amount_cents: 500,
      description: 'Café',
      category: 'alimentacao',
      occurred_on: '2026-11-10',
    })
    expect(entry.status).toBe(201)
    const before = await db().query(
      `select count(*)::int as n from webhook_events e
         join teams t on t.ledger_id = e.ledger_id
        where t.owner_user_id = $1 and e.data::text like '%Zeca Apagado%'`,
      [owner.userId],
    )
    expect(before.rows[0]).toEqual({ n: 1 })

    const gone = await member.client.request('/api/me', {
      method: 'DELETE',
      json: { password: PASSWORD },
    })
    expect(gone.status).toBe(200)
    const invitations = await db().query(
      'select count(*)::int as n from team_invitations where email = $1',
      [member.email.toLowerCase()],
    )
    expect(invitations.rows[0]).toEqual({ n: 0 })
    const events = await db().query<{ data: { created_by: unknown } }>(
      `select e.data from webhook_events e join teams t on t.ledger_id = e.ledger_id
        where t.owner_user_id = $1`,
      [owner.userId],
    )
    expect(events.rows).toHaveLength(1)
    expect(JSON.stringify(events.rows)).not.toContain('Zeca Apagado')
    expect(JSON.stringify(events.rows)).not.toContain(member.userId)
    expect(events.rows[0]?.data.created_by).toBeNull()
  })
})
