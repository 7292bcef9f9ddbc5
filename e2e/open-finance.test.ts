import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../apps/server/test/auth-client.ts'
import { FakePluggy } from '../apps/server/src/integrations/open-finance/index.ts'
import { axeViolations } from './axe.ts'
import { type E2E, startE2E } from './harness.ts'

/**
 * Open Finance on /contas in a real browser, against the real server and its job runner, with
 * pluggy-sdk talking to the local fake of Pluggy over HTTP: connecting the sandbox bank, a wrong
 * password, the bank that asks for a code, disconnecting, and the free plan's upsell; on a
 * desktop and on a 390 px phone.
 */
let e2e: E2E
let fake: FakePluggy
beforeAll(async () => {
  fake = new FakePluggy({ settleMs: 50 })
  await fake.start()
  e2e = await startE2E({
    WORKER: 'on',
    TRUST_PROXY: 'x-forwarded-for',
    PLUGGY_CLIENT_ID: 'test-client',
    PLUGGY_CLIENT_SECRET: 'test-secret',
    PLUGGY_BASE_URL: fake.url,
    PLUGGY_WEBHOOK_SECRET: 'segredo-do-webhook-e2e-123',
  })
})
afterAll(async () => {
  await e2e?.close()
  await fake?.stop()
})

const PHONE = { width: 390, height: 844 }
const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: '390 px phone', viewport: PHONE },
]

async function signedInPage(plan: string, viewport: { width: number; height: number }) {
  const user = await signedInUser(e2e.server)
  await e2e.server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    user.userId,
    plan,
  ])
  const { context, page } = await e2e.newPage({ viewport })
  await context.addCookies(
    [...user.client.cookies].map(([name, value]) => ({ name, value, url: e2e.server.url })),
  )
  await page.goto('/contas')
  await page.getByRole('heading', { name: 'Conexões bancárias' }).waitFor()
  return { ...user, context, page }
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

const connection = (page: Page, bank: string) =>
  page.getByTestId('bank-connection').filter({ has: page.getByRole('heading', { name: bank }) })

async function openConnect(page: Page, bank: string, user: string, password: string) {
  await page.getByRole('button', { name: 'Conectar banco' }).click()
  const dialog = page.getByRole('dialog', { name: 'Conectar banco' })
  await dialog.getByLabel('Banco').selectOption({ label: bank })
  await dialog.getByLabel('Usuário').fill(user)
  await dialog.getByLabel('Senha').fill(password)
  await dialog.getByRole('button', { name: 'Conectar', exact: true }).click()
  return dialog
}

describe('Open Finance on /contas', () => {
  for (const { name, viewport } of VIEWPORTS) {
    it(`connects the sandbox bank, shows it in dia with its accounts, disconnects deleting them (${name})`, async () => {
      const { page, context } = await signedInPage('pf_simples', viewport)
      const dialog = await openConnect(page, 'Pluggy Bank (sandbox)', 'user-ok', 'password-ok')
      await dialog.getByTestId('connect-done').waitFor({ timeout: 20_000 })
      expect(await dialog.getByTestId('connect-done').textContent()).toContain('em dia')
      const arrived = await dialog.getByTestId('connect-new-accounts').textContent()
      expect(arrived).toContain('Conta Corrente Pluggy')
      expect(arrived).toContain('Cartão Pluggy Platinum')
      expect(await axeViolations(page)).toEqual([])
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
      await dialog.getByRole('button', { name: 'Fechar' }).first().click()

      const bank = connection(page, 'Pluggy Bank (sandbox)')
      expect(await bank.getByTestId('connection-status').textContent()).toBe('Em dia')
      expect(await bank.getByTestId('connection-synced').textContent()).toMatch(
        /^Última sincronização: \d{2}\/\d{2} às \d{2}:\d{2}$/,
      )
      expect(await bank.getByTestId('connection-consent').textContent()).toMatch(
        /^Consentimento vence em \d{2}\/\d{2}$/,
      )
      const tiles = page.getByTestId('active-accounts')
      await tiles.getByRole('heading', { name: /Conta Corrente Pluggy/ }).waitFor()
      await tiles.getByRole('heading', { name: /Cartão Pluggy Platinum/ }).waitFor()
      expect(await bank.getByRole('button', { name: 'Reconectar' }).count()).toBe(0)
      expect(await axeViolations(page)).toEqual([])
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)

      await bank.getByRole('button', { name: 'Desconectar' }).click()
      const confirm = page.getByRole('dialog', { name: 'Desconectar banco?' })
      expect(await confirm.textContent()).toContain(
        'Os lançamentos que você digitou nunca são apagados.',
      )
      await confirm.getByLabel(/Apagar as contas/).check()
      expect(await axeViolations(page)).toEqual([])
      await confirm.getByRole('button', { name: 'Desconectar' }).click()
      await confirm.waitFor({ state: 'detached' })
      await bank.waitFor({ state: 'detached' })
      await tiles.getByRole('heading', { name: /Conta Corrente Pluggy/ }).waitFor({
        state: 'detached',
      })
      expect(await tiles.getByRole('heading', { name: /Cartão Pluggy Platinum/ }).count()).toBe(0)
      await context.close()
    })
  }

  it('a wrong password shows the bank refused it; reconnecting with the right one gets it in dia', async () => {
    const { page, context } = await signedInPage('pf_simples', PHONE)
    const dialog = await openConnect(page, 'Pluggy Bank (sandbox)', 'user-ok', 'senha-errada')
    const failed = dialog.getByTestId('connect-failed')
    await failed.waitFor({ timeout: 20_000 })
    expect(await failed.textContent()).toContain('Senha recusada pelo banco')
    await dialog.getByRole('button', { name: 'Fechar' }).first().click()

    const bank = connection(page, 'Pluggy Bank (sandbox)')
    expect(await bank.getByTestId('connection-status').textContent()).toBe(
      'Senha recusada pelo banco',
    )
    expect(await axeViolations(page)).toEqual([])
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)

    await bank.getByRole('button', { name: 'Reconectar' }).click()
    const again = page.getByRole('dialog', { name: 'Reconectar banco' })
    await again.getByLabel('Usuário').fill('user-ok')
    await again.getByLabel('Senha').fill('password-ok')
    await again.getByRole('button', { name: 'Conectar', exact: true }).click()
    await again.getByTestId('connect-done').waitFor({ timeout: 20_000 })
    await again.getByRole('button', { name: 'Fechar' }).first().click()
    await bank.getByText('Em dia', { exact: true }).waitFor()
    await context.close()
  })

  it('an ended consent: the bank asks for a reconnect, "venceu"; Reconectar gets it in dia', async () => {
    const { page, context } = await signedInPage('pf_simples', PHONE)
    const dialog = await openConnect(page, 'Pluggy Bank (sandbox)', 'user-ok', 'password-ok')
    await dialog.getByTestId('connect-done').waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: 'Fechar' }).first().click()
    const item = [...fake.items.values()].at(-1)
    fake.setConsentExpiry(item?.id ?? '', new Date(Date.now() - 86_400_000))

    const bank = connection(page, 'Pluggy Bank (sandbox)')
    await bank.getByRole('button', { name: 'Sincronizar agora' }).click()
    await bank.getByText('O banco pede uma ação', { exact: true }).waitFor({ timeout: 20_000 })
    expect(await bank.textContent()).toMatch(
      /A autorização do Open Finance venceu em \d{2}\/\d{2}\. Reconecte para voltar a sincronizar\./,
    )
    expect(await bank.getByTestId('connection-consent').textContent()).toMatch(
      /^Consentimento venceu em \d{2}\/\d{2}$/,
    )
    expect(await axeViolations(page)).toEqual([])
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)

    await bank.getByRole('button', { name: 'Reconectar' }).click()
    const again = page.getByRole('dialog', { name: 'Reconectar banco' })
    await again.getByLabel('Usuário').fill('user-ok')
    await again.getByLabel('Senha').fill('password-ok')
    await again.getByRole('button', { name: 'Conectar', exact: true }).click()
    await again.getByTestId('connect-done').waitFor({ timeout: 20_000 })
    await again.getByRole('button', { name: 'Fechar' }).first().click()
    await bank.getByText('Em dia', { exact: true }).waitFor()
    expect(await bank.getByTestId('connection-consent').textContent()).toMatch(
      /^Consentimento vence em \d{2}\/\d{2}$/,
    )
    await context.close()
  })

  it('the bank that asks for a code takes 123456 and gets in dia', async () => {
    const { page, context } = await signedInPage('pf_simples', { width: 1280, height: 800 })
    const dialog = await openConnect(page, 'Pluggy Bank MFA (sandbox)', 'user-ok', 'password-ok')
    const code = dialog.getByLabel('Código de segurança (token)')
    await code.waitFor({ timeout: 20_000 })
    expect(await axeViolations(page)).toEqual([])
    await code.fill('123456')
    await dialog.getByRole('button', { name: 'Enviar código' }).click()
    await dialog.getByTestId('connect-done').waitFor({ timeout: 20_000 })
    expect(await dialog.getByTestId('connect-new-accounts').textContent()).toContain(
      'Conta Corrente Pluggy',
    )
    await dialog.getByRole('button', { name: 'Fechar' }).first().click()
    const bank = connection(page, 'Pluggy Bank MFA (sandbox)')
    expect(await bank.getByTestId('connection-status').textContent()).toBe('Em dia')
    await context.close()
  })

  for (const { name, viewport } of VIEWPORTS) {
    it(`the free plan sees the upsell instead of the bank form (${name})`, async () => {
      const { page, context } = await signedInPage('free', viewport)
      expect(await page.getByTestId('bank-connection').count()).toBe(0)
      await page.getByRole('button', { name: 'Conectar banco' }).click()
      const dialog = page.getByRole('dialog', { name: 'Conectar banco nos planos pagos' })
      const upsell = dialog.getByTestId('connections-upsell')
      await upsell.waitFor()
      expect(await dialog.textContent()).toContain('não faz parte do seu plano')
      expect(await dialog.getByLabel('Senha').count()).toBe(0)
      expect(await upsell.getByRole('link', { name: 'Ver planos' }).getAttribute('href')).toBe(
        '/dashboard#planos',
      )
      expect(await axeViolations(page)).toEqual([])
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
      await context.close()
    })
  }
})
