import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASSWORD, signedInUser, uniqueEmail } from '../apps/server/test/auth-client.ts'
import { type MailCatcher, startMailCatcher } from '../apps/server/test/mail-catcher.ts'
import { setAdmin } from '../apps/server/src/app/cli/commands/accounts.ts'
import { withTransaction } from '../apps/server/src/platform/db/transaction.ts'
import { handleMessage } from '../apps/server/src/assistant/assistant-service.ts'
import { TEAM_INVITATION_SUBJECT } from '../apps/server/src/teams/team-emails.ts'
import { axeViolations } from './axe.ts'
import { type E2E, startE2E } from './harness.ts'

/**
 * Issue 14 in a real browser: the owner invites from /equipe, the partner accepts at
 * /convite/<token>, /financas filters by who recorded, /analise draws its charts, and a
 * question from the dashboard's 'Suporte' card is answered at /admin/suporte.
 */
let e2e: E2E
let mail: MailCatcher
beforeAll(async () => {
  mail = await startMailCatcher()
  // E-mails go out through the outbox's job runner (ADR 020).
  e2e = await startE2E({ TRUST_PROXY: 'x-forwarded-for', SMTP_URL: mail.url, WORKER: 'on' })
})
afterAll(async () => {
  await e2e?.close()
  await mail?.close()
})

async function signedInPage(name: string, plan = 'free') {
  const user = await signedInUser(e2e.server, { name })
  await e2e.server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    user.userId,
    plan,
  ])
  const { context, page } = await e2e.newPage()
  await context.addCookies(
    [...user.client.cookies].map(([n, value]) => ({ name: n, value, url: e2e.server.url })),
  )
  return { ...user, context, page }
}

const toast = (page: Page, text: string) =>
  page.getByLabel('Notificações').getByText(text, { exact: true })

function whatsapp(userId: string, text: string) {
  return withTransaction(e2e.server.database.pool, (tx) =>
    handleMessage(tx, {
      userId,
      text,
      now: new Date(),
      source: 'whatsapp',
      messageId: `wamid.e2e.${Math.random()}`,
      publicUrl: e2e.server.url,
    }),
  )
}

describe('business plans in the browser', () => {
  it('invites, accepts, filters by member, analyses and answers support', async () => {
    const owner = await signedInPage('Joana Padeira', 'empresas_2')
    const partner = await signedInPage('Carlos Sócio')

    await owner.page.goto('/equipe')
    await owner.page.getByRole('heading', { name: 'Equipe', level: 1 }).waitFor()
    await owner.page.getByText('Lugares: 1 de 2 em uso no plano Empresas 2').waitFor()
    expect(await axeViolations(owner.page)).toEqual([])
    const since = mail.messages.length
    await owner.page.getByLabel('E-mail da pessoa').fill(partner.email)
    await owner.page.getByRole('button', { name: 'Convidar' }).click()
    await toast(owner.page, `Convite enviado para ${partner.email}`).waitFor()
    await owner.page.getByText('(1 convite pendente)').waitFor()
    const link = (await mail.waitFor(partner.email, { since, subject: TEAM_INVITATION_SUBJECT }))
      .link

    await partner.page.goto(link.replace(e2e.server.url, ''))
    await partner.page.getByText('Joana Padeira convidou').waitFor()
    await partner.page.getByRole('button', { name: 'Aceitar convite' }).click()
    await partner.page.waitForURL(/\/equipe$/)
    await partner.page
      .getByRole('list', { name: 'Membros da equipe' })
      .getByText('Carlos Sócio')
      .waitFor()
    expect(await partner.page.getByRole('button', { name: 'Convidar' }).count()).toBe(0)

    await whatsapp(partner.userId, 'vendi 120 de bolo')
    await whatsapp(owner.userId, 'gastei 80 com farinha do fornecedor')
    await owner.page.goto('/financas')
    await owner.page.getByText('· por Carlos Sócio').waitFor()
    await owner.page.getByText('· por Joana Padeira').waitFor()
    await owner.page.getByLabel('Lançado por').selectOption({ label: 'Carlos Sócio' })
    await owner.page.waitForURL(/membro=/)
    await expect.poll(() => owner.page.getByTestId('transaction-row').count()).toBe(1)
    expect(await owner.page.getByTestId('transaction-row').textContent()).toContain('bolo')

    await owner.page.goto('/equipe')
    const row = owner.page.getByRole('row', { name: /Carlos Sócio/ })
    await row.waitFor()
    expect(await row.textContent()).toContain('R$ 120,00')

    await owner.page.goto('/analise')
    await owner.page.getByText('Saldo previsto', { exact: true }).waitFor()
    await owner.page.locator('.recharts-surface').first().waitFor()
    await owner.page.getByRole('cell', { name: 'Vendas' }).waitFor()
    expect(await axeViolations(owner.page)).toEqual([])

    // A free user sees the plan's explanation instead.
    await partner.page.goto('/dashboard')
    await partner.page.getByRole('heading', { name: 'Suporte' }).waitFor()
    await partner.page.getByLabel('Assunto').fill('Nota fiscal')
    await partner.page.getByLabel('Mensagem').fill('Como emito a nota das vendas?')
    await partner.page.getByRole('button', { name: 'Enviar solicitação' }).click()
    await partner.page.getByText('Aguardando resposta').waitFor()
    // The partner works under the team's plan: priority support.
    await partner.page.getByText('Prioritário', { exact: true }).waitFor()

    const admin = await signedInPage('Ana Admin')
    await setAdmin(e2e.server.database.pool, admin.email, true)
    await admin.page.goto('/admin/suporte')
    const request = admin.page.getByTestId('support-request').filter({ hasText: 'Nota fiscal' })
    await request.waitFor()
    expect(await request.textContent()).toContain('Empresas 2')
    await request.getByLabel('Resposta').fill('Emita pelo portal da prefeitura.')
    await request.getByRole('button', { name: 'Responder' }).click()
    await toast(admin.page, 'Resposta enviada por e-mail').waitFor()

    await partner.page.reload()
    await partner.page.getByText('Emita pelo portal da prefeitura.').waitFor()
    await partner.page.getByText('Respondida', { exact: true }).waitFor()
  })

  it('explains the plan on /analise and /equipe to a plan without them', async () => {
    const free = await signedInPage('Fulano Grátis')
    await free.page.goto('/analise')
    await free.page.getByText('Análise avançada nos planos Empresas').waitFor()
    await free.page.goto('/equipe')
    await free.page.getByText('Equipe nos planos Empresas').waitFor()
  })

  it('brings a new person from the invitation through sign-up and e-mail confirmation back to accept', async () => {
    const owner = await signedInPage('Joana Padeira', 'empresas_2')
    const email = uniqueEmail('convidada')
    const since = mail.messages.length
    expect((await owner.client.post('/api/team/invitations', { email })).status).toBe(201)
    const invitation = await mail.waitFor(email, { since })

    const { page } = await e2e.newPage()
    await page.goto(invitation.link.replace(e2e.server.url, ''))
    await page.getByText('Joana Padeira convidou').waitFor()
    await page.getByRole('link', { name: 'Criar conta' }).click()
    // Issue 26: the sign-up tab, with the invited e-mail written in.
    await expect
      .poll(() => page.getByRole('tab', { name: 'Cadastrar' }).getAttribute('aria-selected'))
      .toBe('true')
    await page.getByLabel('Nome Completo').fill('Bia Convidada')
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email)
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirmar Senha').fill(PASSWORD)
    const beforeConfirm = mail.messages.length
    await page.getByRole('button', { name: 'Criar conta' }).click()
    const confirm = await mail.waitFor(email, {
      since: beforeConfirm,
      subject: 'Confirme seu e-mail — Equilibraí',
    })
    await page.goto(confirm.link)
    await expect.poll(() => new URL(page.url()).pathname).toBe('/auth')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Senha').fill(PASSWORD)
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    // Signed in, straight back to the invitation's accept step.
    await page.waitForURL(/\/convite\//)
    await page.getByRole('button', { name: 'Aceitar convite' }).click()
    await page.waitForURL(/\/equipe$/)
    await page.getByRole('list', { name: 'Membros da equipe' }).getByText('Bia Convidada').waitFor()
    // The reminder is gone once accepted.
    await page.goto('/dashboard')
    await page.getByRole('heading', { name: 'Suporte' }).waitFor()
    expect(await page.getByRole('link', { name: 'Abrir convite' }).count()).toBe(0)
  })
})
