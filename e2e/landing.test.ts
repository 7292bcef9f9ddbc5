import { spawnSync } from 'node:child_process'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './axe.ts'
import { type E2E, startE2E } from './harness.ts'

/**
 * The public face in a real browser: pricing from the API, the VIP waitlist keeping every
 * valid sign-up exactly once, accessibility of / and /auth, the installable app's files, and
 * the landing page's byte budget (deterministic, so it is checked here as well as in the bench).
 */
let e2e: E2E
beforeAll(async () => {
  e2e = await startE2E()
})
afterAll(() => e2e?.close())

const toast = (page: Page, text: string) => page.getByText(text, { exact: true })
const waitlistRows = async () =>
  (await e2e.server.database.pool.query('select nome, whatssapp, email from usuarios order by id'))
    .rows

describe('landing page', () => {
  it('shows the plans by price, the Brazilian way, with the right buttons', async () => {
    const { page, context } = await e2e.newPage()
    await page.goto('/')
    const pricing = page.locator('#pricing')
    // Below the fold: it hydrates (and asks for the plans) as the visitor scrolls to it.
    await pricing.scrollIntoViewIfNeeded()
    await expect.poll(() => pricing.getByText('Mais Popular').count()).toBe(1)
    const text = (await pricing.textContent()) ?? ''
    const order = ['Gratuito', 'Pessoa Física', 'Empresas 2', 'Empresas 15'].map((n) =>
      text.indexOf(n),
    )
    expect(order.every((pos, i) => pos >= 0 && (i === 0 || pos > (order[i - 1] ?? 0)))).toBe(true)
    expect(text).toContain('R$ 0,00')
    expect(text).toContain('R$ 19,90')
    expect(text).toContain('R$ 149,90')
    expect(text.match(/\/mês/g)?.length).toBe(3)
    expect(await pricing.getByRole('link', { name: /Começar Agora/ }).getAttribute('href')).toBe(
      '/auth?plan=free',
    )
    expect(
      await pricing
        .getByRole('link', { name: /Assinar Agora: plano Pessoa Física/ })
        .getAttribute('href'),
    ).toBe('/auth?plan=pf_simples')
    await context.close()
  })

  it('joins the VIP list with the mask, clears the form, and keeps one row per number, never overwritten', async () => {
    const { page, context } = await e2e.newPage({ viewport: { width: 390, height: 844 } })
    await page.goto('/')
    const form = page.locator('#waitlist form')
    await form.scrollIntoViewIfNeeded()
    await form.getByLabel('Nome').fill('Maria Souza')
    await form.getByLabel('WhatsApp').pressSequentially('11987654321')
    expect(await form.getByLabel('WhatsApp').inputValue()).toBe('(11) 98765-4321')
    const submit = form.getByRole('button', { name: 'Quero entrar na Lista VIP' })
    await expect.poll(() => submit.isEnabled()).toBe(true)
    await submit.click()
    await expect
      .poll(() =>
        toast(
          page,
          'Bem-vindo à Lista VIP! Você será um dos primeiros a ter acesso ao Equilibraí.',
        ).count(),
      )
      .toBe(1)
    expect(await form.getByLabel('Nome').inputValue()).toBe('')
    expect(await form.getByLabel('WhatsApp').inputValue()).toBe('')
    // Not only a toast: the form itself says it worked.
    expect(await form.getByTestId('waitlist-joined').textContent()).toContain(
      'Pronto, Maria Souza! Você está na Lista VIP.',
    )
    expect(await waitlistRows()).toEqual([
      { nome: 'Maria Souza', whatssapp: '11987654321', email: null },
    ])

    // The same number again (maybe someone else typing it): success on screen, and the row
    // stays as the first sign-up left it (no overwriting by number).
    await form.getByLabel('Nome').fill('Outra Pessoa')
    await form.getByLabel('WhatsApp').fill('(11) 98765-4321')
    await form.getByLabel('E-mail').fill('outra@exemplo.com')
    await submit.click()
    await expect.poll(() => form.getByLabel('E-mail').inputValue()).toBe('')
    expect(await waitlistRows()).toEqual([
      { nome: 'Maria Souza', whatssapp: '11987654321', email: null },
    ])
    await context.close()
  })

  it('does nothing without name or WhatsApp, and keeps the values when saving fails', async () => {
    const { page, context } = await e2e.newPage()
    await page.goto('/')
    const form = page.locator('#waitlist form')
    const submit = form.getByRole('button', { name: 'Quero entrar na Lista VIP' })
    await form.scrollIntoViewIfNeeded()
    await expect.poll(() => submit.isEnabled()).toBe(true)
    let posts = 0
    page.on('request', (req) => {
      if (req.url().endsWith('/api/waitlist') && req.method() === 'POST') posts++
    })
    // Empty: nothing is sent, and each required field says what it needs.
    await submit.click()
    await form.getByText('Informe seu nome', { exact: true }).waitFor()
    await form.getByText('Informe seu WhatsApp com DDD', { exact: true }).waitFor()
    expect(await form.getByLabel('Nome').getAttribute('aria-invalid')).toBe('true')
    expect(await axeViolations(page)).toEqual([])
    await form.getByLabel('Nome').fill('Só o nome')
    expect(await form.getByText('Informe seu nome', { exact: true }).count()).toBe(0)
    await submit.click()
    await form.getByText('Informe seu WhatsApp com DDD', { exact: true }).waitFor()
    await page.waitForTimeout(300)
    expect(posts).toBe(0)

    await page.route('**/api/waitlist', (route) => route.fulfill({ status: 503, body: '{}' }))
    await form.getByLabel('WhatsApp').fill('21987654321')
    await submit.click()
    await expect
      .poll(() => toast(page, 'Erro ao salvar seus dados. Por favor, tente novamente.').count())
      .toBe(1)
    expect(await form.getByLabel('Nome').inputValue()).toBe('Só o nome')
    expect(await form.getByLabel('WhatsApp').inputValue()).toBe('(21) 98765-4321')
    await context.close()
  })

  it('hydrates the sections below the fold only as they come near the screen', async () => {
    const { page, context } = await e2e.newPage({ viewport: { width: 412, height: 823 } })
    const plans: string[] = []
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/plans') plans.push(req.url())
    })
    await page.goto('/')
    // The whole page is there from the first paint, prerendered...
    await page.getByRole('heading', { name: 'Um plano para cada momento' }).waitFor()
    const form = page.locator('#waitlist form')
    expect(await form.getByLabel('Nome').isDisabled()).toBe(true)
    // ...the top is live (its links are the router's), the rest waits for the visitor.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.className))
      .not.toContain('app-route')
    await page.waitForLoadState('networkidle')
    expect(plans).toEqual([])
    expect(await form.getByLabel('Nome').isDisabled()).toBe(true)

    await page.locator('#pricing').scrollIntoViewIfNeeded()
    await expect.poll(() => page.locator('#pricing').getByText('Mais Popular').count()).toBe(1)
    expect(plans).toHaveLength(1)
    await form.scrollIntoViewIfNeeded()
    await expect.poll(() => form.getByLabel('Nome').isEnabled()).toBe(true)
    await context.close()
  })

  it('renders every section at once when the app comes back to / without a page load', async () => {
    const { page, context } = await e2e.newPage({ viewport: { width: 412, height: 823 } })
    await page.goto('/auth')
    await page.getByRole('link', { name: 'Equilibraí — página inicial' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    // Client-rendered, not hydrated: nothing waits for a scroll.
    await expect.poll(() => page.locator('#pricing').getByText('Mais Popular').count()).toBe(1)
    expect(await page.locator('#waitlist form').getByLabel('Nome').isEnabled()).toBe(true)
    await context.close()
  })

  it('has no serious or critical accessibility violations on / and /auth, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context } = await e2e.newPage({ colorScheme })
      for (const route of ['/', '/auth']) {
        await page.goto(route)
        await page.waitForLoadState('networkidle')
        expect(
          await axeViolations(page, { impacts: ['serious', 'critical'] }),
          `${route} ${colorScheme}`,
        ).toEqual([])
      }
      await context.close()
    }
  })

  it('is installable: manifest, service worker and offline page, with pt-BR metadata', async () => {
    const manifest = (await (await e2e.server.api('/manifest.webmanifest')).json()) as Record<
      string,
      unknown
    >
    expect(manifest.lang).toBe('pt-BR')
    expect(manifest.start_url).toBe('/')
    const sw = await e2e.server.api('/sw.js')
    expect(sw.headers.get('content-type')).toContain('javascript')
    expect(sw.headers.get('cache-control')).toBe('no-cache')
    expect((await e2e.server.api('/offline.html')).status).toBe(200)
    const html = await (await e2e.server.api('/')).text()
    expect(html).toMatch(/<meta\s+name="description"\s+content="[^"]*consultor financeiro/)
    expect(html).toMatch(/property="og:locale"\s+content="pt_BR"/)
  })

  it('keeps the landing route within its byte budget (JS ≤ 90 KB, CSS ≤ 15 KB gzip)', () => {
    const script = path.resolve(import.meta.dirname, '../apps/web/scripts/bundle-size.mjs')
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' })
    expect(run.stdout).toMatch(/JS .* ok/)
    expect(run.status).toBe(0)
  })
})
