import { readFileSync } from 'node:fs'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertPeople, seedPeople } from '../apps/server/test/admin-fixtures.ts'
import { PASSWORD, signedInUser, type TestClient } from '../apps/server/test/auth-client.ts'
import { setAdmin } from '../apps/server/src/app/cli/commands/accounts.ts'
import { type E2E, startE2E } from './harness.ts'

/**
 * /admin in a real browser: an admin signs in on /auth, opens the panel from the dashboard and
 * reads the cards, the users table (search, 'Carregar mais') and the VIP list (CSV download);
 * a non-admin who types /admin lands on /dashboard.
 */
let e2e: E2E
let adminEmail: string
let user: TestClient

beforeAll(async () => {
  e2e = await startE2E({ TRUST_PROXY: 'x-forwarded-for' })
  const db = e2e.server.database.pool
  const admin = await signedInUser(e2e.server, { name: 'Ana Administradora' })
  adminEmail = admin.email
  await setAdmin(db, adminEmail, true)
  user = (await signedInUser(e2e.server, { name: 'Caio Comum' })).client
  // 3 known people (2 paying) + 60 seeded (30 paying, from 2026-01-01 12:00 UTC on).
  await insertPeople(db, [
    {
      id: 'e2e-joao',
      name: 'João Álvares',
      email: 'joao@exemplo.com.br',
      plan_type: 'pf_simples',
      created_at: '2026-01-05T15:00:00.000Z',
    },
    {
      id: 'e2e-bia',
      name: 'Beatriz Lima',
      email: 'bia@exemplo.com.br',
      plan_type: 'empresas_15',
      subscription_status: 'canceled',
      created_at: '2026-01-04T15:00:00.000Z',
    },
    {
      id: 'e2e-rui',
      name: 'Rui Souza',
      email: 'rui@exemplo.com.br',
      created_at: '2026-01-03T15:00:00.000Z',
    },
  ])
  await seedPeople(db, { count: 60, prefix: 'e2e' })
  for (const body of [
    { nome: 'Carla Dias', whatssapp: '(11) 98765-4321', email: 'carla@exemplo.com' },
    { nome: '=1+1 Esperto', whatssapp: '(21) 98765-4321', email: '' },
  ]) {
    const res = await e2e.server.api('/api/waitlist', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(res.status).toBe(201)
  }
})
afterAll(() => e2e?.close())

async function signInAsAdmin(page: Page) {
  await page.goto('/auth')
  await page.getByLabel('Email').fill(adminEmail)
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await page.waitForURL('**/dashboard')
}

const statValue = (page: Page, id: string) => page.getByTestId(`${id}-value`).textContent()

describe('/admin', () => {
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    ;({ context, page } = await e2e.newPage())
    await signInAsAdmin(page)
  })
  afterAll(() => context?.close())

  it('opens from the dashboard with the cards counted as the spec says', async () => {
    await page.getByRole('link', { name: 'Admin Panel' }).click()
    await page.waitForURL('**/admin')
    await page.getByRole('heading', { name: 'Painel administrativo', level: 1 }).waitFor()
    expect(await page.getByRole('link', { name: 'Voltar ao Dashboard' }).count()).toBe(1)

    for (const title of ['Total de Usuários', 'Assinantes Pro', 'Taxa de Conversão']) {
      expect(await page.getByRole('heading', { name: title }).count(), title).toBe(1)
    }
    await page.getByTestId('stat-total-value').waitFor()
    expect(await statValue(page, 'stat-total')).toBe('65')
    // The spec's rule counts plan types 'pro' and 'basic', which no plan of ours has.
    expect(await statValue(page, 'stat-pro')).toBe('0')
    expect(await statValue(page, 'stat-conversion')).toBe('0%')
    expect(await page.getByTestId('stat-pro').textContent()).toContain("'pro' e 'basic'")
    const byPlan = page.getByTestId('stat-by-plan')
    expect(await byPlan.textContent()).toMatch(/Gratuito \(free\)33/)
    expect(await byPlan.textContent()).toMatch(/Pessoa Física \(pf_simples\)16 pagantes/)
    expect(await byPlan.textContent()).toMatch(/Empresas 15 \(empresas_15\)0 pagantes de 1/)
    // The figures that matter: João and the 30 seeded paying people are active on a paid plan
    // (Beatriz's subscription is canceled): 31 of 65.
    expect(await statValue(page, 'stat-paying')).toBe('31')
    expect(await statValue(page, 'stat-paying-conversion')).toBe('48%')
  })

  it("lists the users newest first, 50 at a time, with the spec's columns", async () => {
    const table = page.getByTestId('users-table')
    const headers = await table.locator('thead th').allTextContents()
    expect(headers).toEqual(['Nome', 'Email', 'Plano', 'Status', 'Data de Cadastro'])
    const rows = table.getByTestId('user-row')
    expect(await rows.count()).toBe(50)
    expect(await rows.nth(0).textContent()).toContain('Caio Comum')
    expect(await rows.nth(1).textContent()).toContain('Ana Administradora')
    const cells = async (name: string) =>
      rows.filter({ hasText: name }).locator('td').allTextContents()
    expect(await cells('João Álvares')).toEqual([
      'João Álvares',
      'joao@exemplo.com.br',
      'Pro',
      'Ativa',
      '05/01/2026',
    ])
    expect(await cells('Beatriz Lima')).toEqual([
      'Beatriz Lima',
      'bia@exemplo.com.br',
      'Pro',
      'canceled',
      '04/01/2026',
    ])
    expect((await cells('Rui Souza')).slice(2)).toEqual(['Gratuito', 'Ativa', '03/01/2026'])

    await page.getByRole('button', { name: 'Carregar mais' }).click()
    await expect.poll(() => rows.count()).toBe(65)
    expect(await page.getByRole('button', { name: 'Carregar mais' }).count()).toBe(0)
  })

  it('searches by name or e-mail, ignoring accents', async () => {
    const search = page.getByLabel('Buscar por nome ou e-mail')
    const rows = page.getByTestId('user-row')
    await search.fill('joao')
    await expect.poll(() => rows.count()).toBe(1)
    expect(await rows.first().textContent()).toContain('João Álvares')
    await search.fill('BIA@')
    await expect
      .poll(() => rows.allTextContents())
      .toEqual([expect.stringContaining('Beatriz Lima')])
    await search.fill('ninguém assim')
    await page.getByText('Nenhum usuário encontrado para “ninguém assim”.').waitFor()
    // Clearing the search brings back the list as it was, both pages.
    await search.fill('')
    await expect.poll(() => rows.count()).toBe(65)
  })

  it('shows the VIP list with its count and downloads it as CSV', async () => {
    expect(await page.getByRole('heading', { name: 'Lista VIP' }).count()).toBe(1)
    expect(await page.getByTestId('waitlist-count').textContent()).toBe(
      '2 pessoas na lista de espera',
    )
    const rows = await page.getByTestId('waitlist-row').allTextContents()
    expect(rows[0]).toContain('=1+1 Esperto')
    expect(rows[0]).toContain('(21) 98765-4321')
    expect(rows[1]).toContain('carla@exemplo.com')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Baixar CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^lista-vip-\d{4}-\d{2}-\d{2}\.csv$/)
    const text = readFileSync(await download.path(), 'utf8')
    const lines = text.split('\r\n')
    expect(lines[0]).toBe('\uFEFFnome,whatssapp,email,created_at')
    expect(lines[1]).toMatch(/^"'=1\+1 Esperto","21987654321",,"/)
    expect(lines[2]).toMatch(/^"Carla Dias","11987654321","carla@exemplo.com","/)
  })

  it('fits a phone: the tables scroll inside their cards, the page does not', async () => {
    const phone = await e2e.newPage({ viewport: { width: 375, height: 740 } })
    await phone.context.addCookies(await context.cookies())
    await phone.page.goto('/admin')
    await phone.page.getByTestId('user-row').first().waitFor()
    const widths = await phone.page.evaluate(() => {
      const scroller = document.querySelector('[data-testid="users-table-scroll"]') as HTMLElement
      return {
        page: document.documentElement.scrollWidth,
        scrollerClient: scroller.clientWidth,
        scrollerContent: scroller.scrollWidth,
      }
    })
    expect(widths.page).toBeLessThanOrEqual(375)
    expect(widths.scrollerContent).toBeGreaterThan(widths.scrollerClient)
    await phone.context.close()
  })
})

describe('/admin for someone who is not an admin', () => {
  it('sends a signed-in user to /dashboard, and the server refuses the data', async () => {
    const { context, page } = await e2e.newPage()
    await context.addCookies(
      [...user.cookies].map(([name, value]) => ({ name, value, url: e2e.server.url })),
    )
    await page.goto('/admin')
    await page.waitForURL('**/dashboard')
    expect(await page.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0)
    const res = await context.request.get('/api/admin/users')
    expect(res.status()).toBe(403)
    await context.close()
  })

  it('sends a visitor to /auth', async () => {
    const { context, page } = await e2e.newPage()
    await page.goto('/admin')
    await page.waitForURL('**/auth')
    await context.close()
  })
})
