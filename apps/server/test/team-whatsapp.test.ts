import type { AdminSupportRequest, Team, TeamSummary, TransactionPage } from '@equilibrai/shared'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setAdmin } from '../src/app/cli/commands/accounts.ts'
import { TEAM_INVITATION_SUBJECT } from '../src/teams/team-emails.ts'
import { signedInUser } from './auth-client.ts'
import { type FakeMeta, fakeMetaEnv, startFakeMeta } from './fake-meta.ts'
import { type MailCatcher, startMailCatcher } from './mail-catcher.ts'
import { startTestServer, type TestServer } from './test-server.ts'
import { deliver, linkWhatsApp, repliesTo } from './whatsapp-kit.ts'

/**
 * Issue 14's "done when", end to end through the real webhook, job runner, assistant and
 * sender: a bakery owner on Empresas 2 invites a partner, both log sales and costs by WhatsApp
 * into one ledger, the owner sees who did what and where the month is heading, and a support
 * question goes to the front of the admin queue. Then the partner is removed, and their next
 * WhatsApp message no longer reaches the bakery's ledger.
 */
let fake: FakeMeta
let mail: MailCatcher
let server: TestServer
beforeAll(async () => {
  fake = await startFakeMeta()
  mail = await startMailCatcher()
  server = await startTestServer({
    ...fakeMetaEnv(fake),
    SMTP_URL: mail.url,
    WORKER: 'on',
    TRUST_PROXY: 'x-forwarded-for',
  })
})
afterAll(async () => {
  await server?.stop()
  await fake?.close()
  await mail?.close()
})
beforeEach(() => fake.reset())

/** Sends a text from `from` and returns the assistant's reply to it. */
async function say(from: string, text: string): Promise<string> {
  const before = fake.sentTo(from).length
  await deliver(server, { from, text })
  const replies = await repliesTo(fake, from, before + 1)
  return replies[before]?.text ?? ''
}

describe('a bakery on Empresas 2', () => {
  it('runs one ledger from two WhatsApp numbers, and a removed partner stops reaching it', async () => {
    const owner = await signedInUser(server, { name: 'Joana Padeira' })
    await server.database.pool.query(
      `update subscribers set plan_type = 'empresas_2' where user_id = $1`,
      [owner.userId],
    )
    const partner = await signedInUser(server, { name: 'Carlos Sócio' })
    const ownerPhone = '5511987654401'
    const partnerPhone = '5511987654402'
    await linkWhatsApp(server, fake, owner.client, ownerPhone)
    await linkWhatsApp(server, fake, partner.client, partnerPhone)

    const since = mail.messages.length
    expect(
      (await owner.client.post('/api/team/invitations', { email: partner.email })).status,
    ).toBe(201)
    const invitation = await mail.waitFor(partner.email, {
      since,
      subject: TEAM_INVITATION_SUBJECT,
    })
    const token = /\/convite\/([\w-]+)/.exec(invitation.link)?.[1]
    expect((await partner.client.post(`/api/team/invitations/${token}/accept`, {})).status).toBe(
      200,
    )

    expect(await say(ownerPhone, 'vendi 350 de pão')).toMatch(/R\$ 350,00/)
    expect(await say(partnerPhone, 'vendas 120 de bolo')).toMatch(/R\$ 120,00/)
    expect(await say(partnerPhone, 'gastei 80 com farinha do fornecedor')).toMatch(/R\$ 80,00/)
    expect(await say(ownerPhone, 'paguei 45 de gás')).toMatch(/R\$ 45,00/)

    const page = (await (
      await owner.client.request('/api/v1/transactions')
    ).json()) as TransactionPage
    expect(page.data.map((t) => [t.amount_cents, t.created_by?.name, t.source]).sort()).toEqual(
      [
        [12000, 'Carlos Sócio', 'whatsapp'],
        [35000, 'Joana Padeira', 'whatsapp'],
        [4500, 'Joana Padeira', 'whatsapp'],
        [8000, 'Carlos Sócio', 'whatsapp'],
      ].sort(),
    )
    const summary = (await (
      await owner.client.request('/api/v1/team/summary')
    ).json()) as TeamSummary
    expect(summary.members.map((m) => [m.name, m.income_cents, m.expense_cents, m.count])).toEqual([
      ['Joana Padeira', 35000, 4500, 2],
      ['Carlos Sócio', 12000, 8000, 2],
    ])
    // 'saldo' from either number reads the same ledger.
    const ownerBalance = await say(ownerPhone, 'saldo')
    expect(await say(partnerPhone, 'saldo')).toBe(ownerBalance)

    const projection = await say(ownerPhone, 'projeção')
    expect(projection).toMatch(/^🔮 \*Projeção para o fim de /)
    expect(projection).toMatch(/Saldo previsto: R\$/)
    expect(await say(partnerPhone, 'análise')).toMatch(/^📊 \*Análise de /)

    // A support question from the bakery goes ahead of a free user's older one.
    const someone = await signedInUser(server, { name: 'Fulano Grátis' })
    await someone.client.post('/api/support/requests', { subject: 'dúvida', message: 'oi' })
    expect(await say(ownerPhone, 'falar com atendente sobre a nota fiscal')).toMatch(
      /solicitação de suporte nº \d+ \(atendimento prioritário\)/,
    )
    const admin = await signedInUser(server)
    await setAdmin(server.database.pool, admin.email, true)
    const queue = (await (await admin.client.request('/api/admin/support/requests')).json()) as {
      data: AdminSupportRequest[]
    }
    expect(queue.data.map((r) => [r.name, r.plan_name, r.message])).toEqual([
      ['Joana Padeira', 'Empresas 2', 'falar com atendente sobre a nota fiscal'],
      ['Fulano Grátis', 'Gratuito', 'oi'],
    ])

    // The owner removes the partner: the partner's very next message goes to their own ledger.
    expect(
      (await owner.client.request(`/api/team/members/${partner.userId}`, { method: 'DELETE' }))
        .status,
    ).toBe(204)
    await say(partnerPhone, 'vendi 999 de torta')
    const after = (await (
      await owner.client.request('/api/v1/transactions')
    ).json()) as TransactionPage
    expect(after.data).toHaveLength(4)
    expect(after.data.some((t) => t.amount_cents === 99900)).toBe(false)
    const own = (await (
      await partner.client.request('/api/v1/transactions')
    ).json()) as TransactionPage
    expect(own.data.map((t) => t.amount_cents)).toEqual([99900])
    // 'últimos' on the partner's WhatsApp lists only their own ledger now.
    const recent = await say(partnerPhone, 'últimos')
    expect(recent).toMatch(/999,00/)
    expect(recent).not.toMatch(/350,00|120,00/)
    // And the partner's 'projeção' is now their own plan's answer: free has no analysis.
    expect(await say(partnerPhone, 'projeção')).toMatch(
      /A análise avançada não faz parte do seu plano/,
    )
    const team = (await (await owner.client.request('/api/team')).json()) as Team
    expect(team.members).toHaveLength(1)
  })
})
