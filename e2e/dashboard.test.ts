import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../apps/server/test/auth-client.ts'
import { type E2E, startE2E } from './harness.ts'

/**
 * The dashboard in a real browser against the real server in demo billing mode (no Stripe
 * key): profile editing, the plan cards, the simulated checkout from 'Assinar Agora' to the
 * new plan, and the portal in a new tab.
 */
let e2e: E2E
beforeAll(async () => {
  e2e = await startE2E({ TRUST_PROXY: 'x-forwarded-for' })
})
afterAll(() => e2e?.close())

/** A confirmed user (created through the API), signed in in a fresh browser context. */
async function signedInPage(
  options: { name?: string; phone?: string; viewport?: { width: number; height: number } } = {},
) {
  const user = await signedInUser(e2e.server, {
    name: options.name ?? 'Maria da Silva',
    ...(options.phone === undefined ? {} : { phone: options.phone }),
  })
  const { context, page } = await e2e.newPage(
    options.viewport ? { viewport: options.viewport } : {},
  )
  await context.addCookies(
    [...user.client.cookies].map(([name, value]) => ({ name, value, url: e2e.server.url })),
  )
  return { ...user, context, page }
}

const toast = (page: Page, text: string) =>
  page.getByLabel('Notificações').getByText(text, { exact: true })

const planCard = (page: Page, planType: string) => page.locator(`li[data-plan="${planType}"]`)

const currentPlan = (page: Page) =>
  page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: 'Plano Atual' }) })

async function subscriberPlan(userId: string) {
  const { rows } = await e2e.server.database.pool.query(
    'select plan_type from subscribers where user_id = $1',
    [userId],
  )
  return rows[0]?.plan_type
}

describe('dashboard', () => {
  it('shows the profile and edits it in the dialog', async () => {
    const { page, context, email } = await signedInPage({ name: 'Maria da Silva' })
    await page.goto('/dashboard')
    const profile = page.locator('[data-slot="card"]', {
      has: page.getByRole('heading', { name: 'Informações do Perfil' }),
    })
    await expect.poll(() => profile.textContent()).toContain('Maria da Silva')
    expect(await profile.textContent()).toContain(email)
    expect(await profile.textContent()).toContain('Não informado')

    await page.getByRole('button', { name: 'Editar Perfil' }).click()
    const dialog = page.getByRole('dialog', { name: 'Editar Perfil' })
    await dialog.getByLabel('Nome').fill('A')
    await dialog.getByLabel('Telefone').fill('12')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    // Only the first message, as a toast; the dialog stays open.
    await toast(page, 'Nome deve ter pelo menos 2 caracteres').waitFor()
    expect(await toast(page, 'Telefone deve ter pelo menos 10 dígitos').count()).toBe(0)
    expect(await dialog.isVisible()).toBe(true)

    await dialog.getByLabel('Nome').fill('  Maria Souza  ')
    await dialog.getByLabel('Telefone').fill('(11) 98765-4321')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await toast(page, 'Perfil atualizado com sucesso!').waitFor()
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(() => profile.textContent()).toContain('Maria Souza')
    expect(await profile.textContent()).toContain('(11) 98765-4321')
    expect(await profile.textContent()).not.toContain('Não informado')

    // Emptying the phone stores null and shows 'Não informado' again.
    await page.getByRole('button', { name: 'Editar Perfil' }).click()
    await dialog.getByLabel('Telefone').fill('   ')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(() => profile.textContent()).toContain('Não informado')
    await context.close()
  })

  it('shows the free plan, the four plans and the plan features', async () => {
    const { page, context } = await signedInPage()
    await page.goto('/dashboard')
    const plan = currentPlan(page)
    await expect.poll(() => plan.textContent()).toContain('Gratuito')
    const text = (await plan.textContent()) ?? ''
    expect(text).toMatch(/Transações\s*0 \/ 5/)
    expect(text).toMatch(/Usuários\s*1 \/ 1/)
    expect(text).not.toContain('Próxima Renovação')
    expect(text).not.toContain('Premium')

    const plans = page.locator('li[data-plan]')
    expect(
      await plans.evaluateAll((items) => items.map((i) => i.getAttribute('data-plan'))),
    ).toEqual(['free', 'pf_simples', 'empresas_2', 'empresas_15'])
    const free = planCard(page, 'free')
    expect(await free.getByText('Plano Atual').count()).toBe(1)
    expect(await free.getByRole('button', { name: 'Plano Ativo' }).isDisabled()).toBe(true)
    const pf = planCard(page, 'pf_simples')
    expect(await pf.textContent()).toContain('R$ 19,90/mês')
    expect(await pf.getByRole('button', { name: /Assinar Agora/ }).isEnabled()).toBe(true)
    expect(await planCard(page, 'empresas_15').textContent()).toContain('R$ 149,90')
    expect(await page.getByRole('button', { name: /Assinar Agora/ }).count()).toBe(3)

    const features = page.locator('li[data-included]')
    expect(await features.count()).toBe(11)
    expect(await page.locator('li[data-included="true"]').allTextContents()).toEqual([
      'Controle Financeiro(incluído)',
      'Acesso WhatsApp(incluído)',
    ])
    expect(await features.allTextContents()).toContain('Relatórios Básicos(não incluído)')

    // Four columns on a large screen.
    await page.setViewportSize({ width: 1280, height: 900 })
    const tops = await plans.evaluateAll((items) =>
      items.map((i) => Math.round(i.getBoundingClientRect().top)),
    )
    expect(new Set(tops).size).toBe(1)
    await context.close()
  })

  it('buys a plan through the simulated checkout and shows it as current', async () => {
    const { page, context, userId } = await signedInPage()
    await page.goto('/dashboard')
    const buy = planCard(page, 'pf_simples').getByRole('button', { name: /Assinar Agora/ })
    await buy.click()
    await page.waitForURL(/\/api\/billing\/demo\/checkout\//)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Pagamento simulado')
    expect(await page.textContent('body')).toContain('Pessoa Física')
    expect(await subscriberPlan(userId)).toBe('free')

    await page.getByRole('button', { name: 'Confirmar pagamento' }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    await toast(page, 'Pagamento confirmado! Seu plano será atualizado em instantes.').waitFor()
    await expect.poll(() => new URL(page.url()).search).toBe('')
    const plan = currentPlan(page)
    await expect.poll(() => plan.textContent()).toContain('Pessoa Física')
    const text = (await plan.textContent()) ?? ''
    expect(text).toContain('Premium')
    expect(text).toMatch(/Transações\s*0 \/ ∞/)
    expect(text).toMatch(/Próxima Renovação\s*\d{2}\/\d{2}\/\d{4}/)
    expect(await planCard(page, 'pf_simples').getByText('Plano Atual').count()).toBe(1)
    expect(
      await planCard(page, 'pf_simples').getByRole('button', { name: 'Plano Ativo' }).isDisabled(),
    ).toBe(true)
    expect(
      await planCard(page, 'free').getByRole('button', { name: 'Plano Gratuito' }).isDisabled(),
    ).toBe(true)
    expect(await page.locator('li[data-included="true"]').count()).toBe(5)
    expect(await subscriberPlan(userId)).toBe('pf_simples')
    await context.close()
  })

  it("shows the busy plan while its checkout is requested, and the spec's errors", async () => {
    const { page, context } = await signedInPage()
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let fail = false
    await page.route('**/api/billing/checkout-session', async (route) => {
      if (fail) return route.fulfill({ status: 500, body: '' })
      await held
      return route.fulfill({ status: 200, json: { url: '/dashboard?checkout=cancel' } })
    })
    await page.goto('/dashboard')
    const e2 = planCard(page, 'empresas_2').getByRole('button', { name: /Assinar Agora/ })
    await e2.click()
    const busy = planCard(page, 'empresas_2').getByRole('button', { name: 'Processando...' })
    await busy.waitFor()
    expect(await busy.isDisabled()).toBe(true)
    expect(
      await planCard(page, 'pf_simples')
        .getByRole('button', { name: /Assinar Agora/ })
        .isDisabled(),
    ).toBe(true)
    release()
    await toast(page, 'Pagamento cancelado.').waitFor()

    fail = true
    await e2.click()
    await toast(page, 'Erro ao processar pagamento. Tente novamente.').waitFor()
    expect(await e2.textContent()).toBe('Assinar Agora')

    // A plan without a price id cannot be bought.
    await e2e.server.database.pool.query(
      `update plan_features set stripe_price_id = null where plan_type = 'empresas_15'`,
    )
    try {
      await page.reload()
      const e15 = planCard(page, 'empresas_15').getByRole('button', { name: /Assinar Agora/ })
      await e15.click()
      await toast(page, 'Este plano não está disponível para compra').waitFor()
    } finally {
      await e2e.server.database.pool.query(
        `update plan_features set stripe_price_id = 'demo_empresas_15' where plan_type = 'empresas_15'`,
      )
    }
    await context.close()
  })

  it('opens the subscription portal in a new tab, where cancelling goes back to free', async () => {
    const { page, context, userId, client } = await signedInPage()
    // Already on a paid plan through the same simulated path.
    const link = (await (
      await client.post('/api/billing/checkout-session', { priceId: 'demo_empresas_2' })
    ).json()) as { url: string }
    await client.request(`${new URL(link.url).pathname}/confirm`, { method: 'POST' })
    await page.goto('/dashboard')
    await expect.poll(() => currentPlan(page).textContent()).toContain('Empresas 2')

    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Gerenciar assinatura' }).click(),
    ])
    await tab.waitForURL(/\/api\/billing\/demo\/portal\//)
    expect(page.url()).toMatch(/\/dashboard$/)
    expect(await tab.textContent('body')).toContain('Empresas 2')
    await tab.getByRole('button', { name: 'Cancelar assinatura' }).click()
    await tab.waitForURL((url) => url.pathname === '/dashboard')
    expect(await subscriberPlan(userId)).toBe('free')

    // Back on the first tab, the dashboard asks again and shows the truth.
    await page.bringToFront()
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')))
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect.poll(() => currentPlan(page).textContent()).toContain('Gratuito')
    await context.close()
  })

  it('says so when the portal has nothing to show, and closes the blank tab', async () => {
    // A paid plan set by hand (no checkout, so no subscription at the payment provider).
    const { page, context, userId } = await signedInPage()
    await e2e.server.database.pool.query(
      `update subscribers set plan_type = 'empresas_2' where user_id = $1`,
      [userId],
    )
    await page.goto('/dashboard')
    await expect.poll(() => currentPlan(page).textContent()).toContain('Empresas 2')
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Gerenciar assinatura' }).click(),
    ])
    await toast(page, 'Erro ao acessar portal de assinaturas').waitFor()
    await expect.poll(() => tab.isClosed()).toBe(true)
    await context.close()
  })

  it('handles the return from checkout and a plan chosen before signing in', async () => {
    const { page, context } = await signedInPage()
    await page.goto('/dashboard?checkout=cancel')
    await toast(page, 'Pagamento cancelado.').waitFor()
    await expect.poll(() => new URL(page.url()).search).toBe('')

    await page.goto('/dashboard?plan=empresas_15')
    await page.waitForURL(/\/api\/billing\/demo\/checkout\//)
    expect(await page.textContent('body')).toContain('Empresas 15')
    await page.getByRole('link', { name: 'Cancelar' }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    await toast(page, 'Pagamento cancelado.').waitFor()
    await context.close()
  })

  it('shows Admin Panel to admins only', async () => {
    const member = await signedInPage()
    await member.page.goto('/dashboard')
    await member.page.getByRole('button', { name: 'Sair' }).waitFor()
    await expect.poll(() => currentPlan(member.page).textContent()).toContain('Gratuito')
    expect(await member.page.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0)
    await member.context.close()

    const admin = await signedInPage()
    await e2e.server.database.pool.query(`update "user" set role = 'admin' where id = $1`, [
      admin.userId,
    ])
    await admin.page.goto('/dashboard')
    const link = admin.page.getByRole('link', { name: 'Admin Panel' })
    await link.waitFor()
    expect(await link.getAttribute('href')).toBe('/admin')
    await admin.context.close()
  })

  it('signs out with Sair', async () => {
    const { page, context } = await signedInPage()
    await page.goto('/dashboard')
    await page.getByRole('button', { name: 'Sair' }).click()
    await toast(page, 'Logout realizado com sucesso!').waitFor()
    await page.waitForURL((url) => url.pathname === '/')
    await context.close()
  })

  it('fits a phone screen', async () => {
    const { page, context, userId } = await signedInPage({
      viewport: { width: 360, height: 740 },
    })
    // The widest header: an admin's.
    await e2e.server.database.pool.query(`update "user" set role = 'admin' where id = $1`, [userId])
    await page.goto('/dashboard')
    await page.getByRole('link', { name: 'Admin Panel' }).waitFor()
    await expect.poll(() => currentPlan(page).textContent()).toContain('Gratuito')
    await page.locator('li[data-plan]').first().waitFor()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBe(0)
    const link = page.getByRole('link', { name: /Minhas finanças/ })
    expect(await link.getAttribute('href')).toBe('/financas')
    await context.close()
  })
})
