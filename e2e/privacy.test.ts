import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASSWORD, signedInUser } from '../apps/server/test/auth-client.ts'
import { type E2E, startE2E } from './harness.ts'

/** LGPD self-service from the dashboard: 'Baixar meus dados' and 'Excluir minha conta'. */
let e2e: E2E
beforeAll(async () => {
  e2e = await startE2E({ TRUST_PROXY: 'x-forwarded-for' })
})
afterAll(() => e2e?.close())

async function signedInPage(name: string) {
  const user = await signedInUser(e2e.server, { name })
  const { context, page } = await e2e.newPage()
  await context.addCookies(
    [...user.client.cookies].map(([cookie, value]) => ({
      name: cookie,
      value,
      url: e2e.server.url,
    })),
  )
  return { ...user, context, page }
}

const toast = (page: Page, text: string) =>
  page.getByLabel('Notificações').getByText(text, { exact: true })

describe('dashboard: Seus dados', () => {
  it('downloads the data as one JSON file', async () => {
    const { page, context, email } = await signedInPage('Dora Download')
    await page.goto('/dashboard')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Baixar meus dados' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^equilibrai-meus-dados-\d{4}-\d{2}-\d{2}\.json$/)
    const file = await download.path()
    const data = JSON.parse(readFileSync(file, 'utf8')) as { account: { email: string } }
    expect(data.account.email).toBe(email)
    await context.close()
  })

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`downloads a readable summary beside the JSON (${viewport.width} px)`, async () => {
      const user = await signedInUser(e2e.server, { name: 'Rita Resumo' })
      expect(
        (
          await user.client.post('/api/v1/transactions', {
            type: 'expense',
            amount_cents: 4590,
            description: 'Mercado do mês',
            category: 'mercado',
            occurred_on: '2026-11-10',
          })
        ).status,
      ).toBe(201)
      const { context, page } = await e2e.newPage({ viewport })
      await context.addCookies(
        [...user.client.cookies].map(([n, value]) => ({ name: n, value, url: e2e.server.url })),
      )
      await page.goto('/dashboard')
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Baixar resumo legível' }).click(),
      ])
      expect(download.suggestedFilename()).toMatch(
        /^equilibrai-meus-dados-\d{4}-\d{2}-\d{2}\.html$/,
      )
      const html = readFileSync(await download.path(), 'utf8')
      // Opened as a page: what a person reads.
      const reader = await context.newPage()
      await reader.setContent(html)
      const text = await reader.locator('body').innerText()
      expect(text).toContain('Seus dados no Equilibraí')
      expect(text).toContain('Rita Resumo')
      expect(text).toContain(user.email)
      expect(text).toContain('Mercado do mês')
      expect(text).toContain('R$ 45,90')
      expect(
        await reader.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0)
      await context.close()
    })
  }

  it('deletes the account after the password, and lands on the home page', async () => {
    const { page, context, userId } = await signedInPage('Elis Exclui')
    await page.goto('/dashboard')
    await page.getByRole('button', { name: 'Excluir minha conta' }).click()
    const dialog = page.getByRole('dialog', { name: 'Excluir minha conta' })
    await dialog.getByLabel('Sua senha').fill('Senha-Errada-1')
    await dialog.getByRole('button', { name: 'Excluir minha conta' }).click()
    await toast(page, 'Não foi possível excluir sua conta.').waitFor()
    expect(await dialog.isVisible()).toBe(true)

    await dialog.getByLabel('Sua senha').fill(PASSWORD)
    await dialog.getByRole('button', { name: 'Excluir minha conta' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    const { rows } = await e2e.server.database.pool.query('select 1 from "user" where id = $1', [
      userId,
    ])
    expect(rows).toHaveLength(0)
    await context.close()
  })
})
