import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASSWORD, signedInUser, uniqueEmail } from '../apps/server/test/auth-client.ts'
import { hashToken } from '../apps/server/src/teams/team-service.ts'
import { axeViolations } from './axe.ts'
import { type E2E, startE2E } from './harness.ts'

/**
 * Issue 26: the free plan's 'Começar Agora' opens sign-up; sign-up errors show under their
 * fields; after signing up the page says to check the e-mail and can send it again; an
 * invitation survives sign-up and sign-in (e-mail written in, back on the accept step); a team
 * member's dashboard shows the team's plan, not their own free plan and 'Assinar Agora'.
 */
let e2e: E2E
beforeAll(async () => {
  e2e = await startE2E({ TRUST_PROXY: 'x-forwarded-for' })
})
afterAll(() => e2e?.close())

const SCREENS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const

const toast = (page: Page, text: string) =>
  page.getByLabel('Notificações').getByText(text, { exact: true })

describe('sign-up', () => {
  it.each(
    SCREENS,
  )("'Começar Agora' opens Cadastrar, whose errors show under the fields (%s)", async (_name, viewport) => {
    const { page, context } = await e2e.newPage({ viewport })
    await page.goto('/#pricing')
    const start = page.getByRole('link', { name: /^Começar Agora/ }).first()
    await start.scrollIntoViewIfNeeded()
    await start.click()
    await page.waitForURL(/\/auth\?plan=free$/)
    const signupTab = page.getByRole('tab', { name: 'Cadastrar' })
    await expect.poll(() => signupTab.getAttribute('aria-selected')).toBe('true')

    const panel = page.getByRole('tabpanel', { name: 'Cadastrar' })
    await panel.getByLabel('Nome Completo').fill('A')
    await panel.getByLabel('Email').fill('sem-arroba')
    await panel.getByRole('button', { name: 'Criar conta' }).click()
    // The spec's toast for the first rule, and every rule beside its field.
    await toast(page, 'Nome deve ter no mínimo 2 caracteres').waitFor()
    const errors = panel.getByTestId('field-error')
    await expect
      .poll(() => errors.allTextContents())
      .toEqual(
        expect.arrayContaining([
          'Nome deve ter no mínimo 2 caracteres',
          'Email inválido',
          'Senha deve ter no mínimo 8 caracteres',
        ]),
      )
    expect(await panel.getByLabel('Email').getAttribute('aria-describedby')).toContain('erro')
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})

describe('an invitation through sign-up and sign-in', () => {
  it.each(
    SCREENS,
  )('lands the invitee on the accept step, then shows the team plan (%s)', async (_name, viewport) => {
    const owner = await signedInUser(e2e.server, { name: 'Joana Padeira' })
    await e2e.server.database.pool.query(
      'update subscribers set plan_type = $2 where user_id = $1',
      [owner.userId, 'empresas_2'],
    )
    const email = uniqueEmail('convidada')
    expect((await owner.client.post('/api/team/invitations', { email })).status).toBe(201)
    // The e-mail's token is only in the e-mail: give the invitation a token the test knows.
    const token = randomBytes(32).toString('base64url')
    await e2e.server.database.pool.query(
      'update team_invitations set token_hash = $2 where email = $1 and accepted_at is null',
      [email, hashToken(token)],
    )

    const { page, context } = await e2e.newPage({ viewport })
    await page.goto(`/convite/${token}`)
    await page.getByText('Joana Padeira convidou').waitFor()
    await page.getByRole('link', { name: 'Criar conta' }).click()
    await page.waitForURL(/\/auth\?/)
    await expect
      .poll(() => page.getByRole('tab', { name: 'Cadastrar' }).getAttribute('aria-selected'))
      .toBe('true')
    const signup = page.getByRole('tabpanel', { name: 'Cadastrar' })
    await expect.poll(() => signup.getByLabel('Email').inputValue()).toBe(email)
    await signup.getByLabel('Nome Completo').fill('Carla Convidada')
    await signup.getByLabel('Senha', { exact: true }).fill(PASSWORD)
    await signup.getByLabel('Confirmar Senha').fill(PASSWORD)
    await signup.getByRole('button', { name: 'Criar conta' }).click()

    const check = page.getByTestId('check-email')
    await check.getByRole('heading', { name: 'Confira seu e-mail' }).waitFor()
    expect(await check.textContent()).toContain(email)
    await check.getByRole('button', { name: 'Reenviar e-mail' }).click()
    await check.getByText(`Link reenviado para ${email}.`).waitFor()
    expect(await axeViolations(page)).toEqual([])

    // The link in the e-mail confirms the address; then the invitee signs in.
    await e2e.server.database.pool.query(
      'update "user" set "emailVerified" = true where email = $1',
      [email],
    )
    await page.getByRole('tab', { name: 'Entrar' }).click()
    const login = page.getByRole('tabpanel', { name: 'Entrar' })
    await expect.poll(() => login.getByLabel('Email').inputValue()).toBe(email)
    await login.getByLabel('Senha').fill(PASSWORD)
    await login.getByRole('button', { name: 'Entrar' }).click()
    await page.waitForURL(new RegExp(`/convite/${token}$`))
    await page.getByRole('button', { name: 'Aceitar convite' }).click()
    await page.waitForURL(/\/equipe$/)

    await page.goto('/dashboard')
    const card = page.getByTestId('membership-card')
    await card.waitFor()
    expect(await card.textContent()).toContain('Você faz parte da equipe de Joana Padeira.')
    expect(await card.textContent()).toContain('Empresas 2')
    expect(await page.getByText('Gratuito', { exact: true }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Assinar Agora' }).count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})
