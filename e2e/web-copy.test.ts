import { saoPauloDate } from '@equilibrai/shared'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../apps/server/test/auth-client.ts'
import { setAdmin } from '../apps/server/src/app/cli/commands/accounts.ts'
import { axeViolations } from './axe.ts'
import { type E2E, startE2E } from './harness.ts'

/**
 * Issue 26, the copy and the figures: the product's words (docs/glossary.md), the footer's
 * WhatsApp link without a business number, the subscription portal on the free plan, the
 * admin's paying figures, and the analysis projecting only what recurs. Each on a 390 px phone
 * and on a desktop.
 */
let e2e: E2E
beforeAll(async () => {
  // No WHATSAPP_BUSINESS_NUMBER: the build the tests serve has none either.
  e2e = await startE2E({ TRUST_PROXY: 'x-forwarded-for' })
})
afterAll(() => e2e?.close())

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }
const VIEWPORTS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const

type User = Awaited<ReturnType<typeof signedInUser>>

async function userOn(plan: string, name?: string): Promise<User> {
  const user = await signedInUser(e2e.server, name ? { name } : {})
  await e2e.server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    user.userId,
    plan,
  ])
  return user
}

async function openAs(user: User | null, viewport: { width: number; height: number }) {
  const { context, page } = await e2e.newPage({ viewport })
  if (user)
    await context.addCookies(
      [...user.client.cookies].map(([name, value]) => ({ name, value, url: e2e.server.url })),
    )
  return { context, page }
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

describe('the analysis projects only what comes back', () => {
  it.each(
    VIEWPORTS,
  )('a one-off income is not stretched over the month (%s)', async (_, viewport) => {
    const user = await userOn('empresas_2')
    const today = saoPauloDate(new Date())
    // A one-off sale of R$ 2.000,00 today and R$ 90,00 of groceries, also today.
    for (const [type, cents, category] of [
      ['income', 200_000, 'vendas'],
      ['expense', 9_000, 'mercado'],
    ] as const) {
      const res = await user.client.post('/api/v1/transactions', {
        type,
        amount_cents: cents,
        description: type === 'income' ? 'venda avulsa' : 'mercado',
        category,
        occurred_on: today,
      })
      expect(res.status).toBe(201)
    }
    const { context, page } = await openAs(user, viewport)
    await page.goto('/analise')
    const figures = page.getByTestId('projection-figure')
    await figures.first().waitFor()
    const day = Number(today.slice(8, 10))
    const [year, month] = today.split('-').map(Number) as [number, number]
    const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
    const expense = Math.round((9_000 * daysInMonth) / day)
    const brl = (cents: number) =>
      `R$ ${(cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
    // Income: the sale once, whatever the day. Spending: its pace, stretched to the month's end.
    await expect.poll(() => figures.nth(0).textContent()).toBe(`Entradas previstas${brl(200_000)}`)
    await expect.poll(() => figures.nth(1).textContent()).toBe(`Saídas previstas${brl(expense)}`)
    await page.getByText('uma receita avulsa não se repete', { exact: false }).waitFor()
    expect(await horizontalOverflow(page)).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})

describe("the footer's WhatsApp link without a business number", () => {
  it.each(VIEWPORTS)('opens the simulator (%s)', async (_, viewport) => {
    // A visitor on the landing page: the link is there, and the simulator asks to sign in.
    const visitor = await openAs(null, viewport)
    await visitor.page.goto('/')
    const footer = visitor.page.locator('footer')
    const link = footer.getByRole('link', { name: 'WhatsApp (simulador)' })
    await link.scrollIntoViewIfNeeded()
    expect(await link.getAttribute('href')).toBe('/simulador')
    expect(await footer.locator('a[href^="https://wa.me/"]').count()).toBe(0)
    await link.click()
    await visitor.page.waitForURL(/\/auth$/)
    await visitor.context.close()

    // Signed in, from a public page with the same footer: the simulator itself.
    const user = await userOn('free')
    const { context, page } = await openAs(user, viewport)
    await page.goto('/termos')
    await page.locator('footer').getByRole('link', { name: 'WhatsApp (simulador)' }).click()
    await page.waitForURL(/\/simulador$/)
    await page.getByLabel('Conversa com o Equilibraí').waitFor()
    expect(await horizontalOverflow(page)).toBe(0)
    await context.close()
  })
})

describe('the subscription portal on the free plan', () => {
  it.each(VIEWPORTS)('is not offered; the card says why (%s)', async (_, viewport) => {
    const user = await userOn('free')
    const { context, page } = await openAs(user, viewport)
    await page.goto('/dashboard')
    const card = page.locator('[data-slot="card"]', {
      has: page.getByRole('heading', { name: 'Plano Atual' }),
    })
    await card.getByTestId('no-subscription-note').waitFor()
    expect(await card.getByTestId('no-subscription-note').textContent()).toBe(
      'No plano Gratuito não há assinatura para gerenciar. Ver planos',
    )
    expect(await page.getByRole('button', { name: 'Gerenciar assinatura' }).count()).toBe(0)
    await card.getByRole('link', { name: 'Ver planos' }).click()
    await page.waitForURL(/#planos$/)
    await page.getByRole('heading', { name: 'Planos Disponíveis' }).waitFor()
    expect(await horizontalOverflow(page)).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await context.close()

    // On a paid plan the button is there.
    await e2e.server.database.pool.query(
      `update subscribers set plan_type = 'pf_simples' where user_id = $1`,
      [user.userId],
    )
    const paid = await openAs(user, viewport)
    await paid.page.goto('/dashboard')
    await paid.page.getByRole('button', { name: 'Gerenciar assinatura' }).waitFor()
    expect(await paid.page.getByTestId('no-subscription-note').count()).toBe(0)
    await paid.context.close()
  })
})

describe("the admin's paying figures", () => {
  it.each(VIEWPORTS)('count paying subscribers beside the spec rule (%s)', async (_, viewport) => {
    const db = e2e.server.database.pool
    const admin = await userOn('free', 'Ana Administradora')
    await setAdmin(db, admin.email, true)
    await userOn('pf_simples')
    await userOn('empresas_2')
    const lapsed = await userOn('empresas_15')
    await db.query(`update subscribers set subscription_status = 'past_due' where user_id = $1`, [
      lapsed.userId,
    ])
    const { rows } = await db.query<{ users: number; paying: number }>(
      `select (select count(*) from profiles)::int as users,
              (select count(*) from subscribers
                where plan_type <> 'free' and subscription_status = 'active')::int as paying`,
    )
    const { users, paying } = rows[0] as { users: number; paying: number }
    expect(paying).toBeGreaterThanOrEqual(2)

    const { context, page } = await openAs(admin, viewport)
    await page.goto('/admin')
    await page.getByTestId('stat-paying-value').waitFor()
    // The spec's cards keep the spec's rule ('pro' and 'basic' only) and say so.
    expect(await page.getByTestId('stat-pro-value').textContent()).toBe('0')
    expect(await page.getByTestId('stat-conversion-value').textContent()).toBe('0%')
    expect(await page.getByTestId('stat-total-value').textContent()).toBe(String(users))
    expect(await page.getByTestId('stat-paying-value').textContent()).toBe(String(paying))
    expect(await page.getByTestId('stat-paying-conversion-value').textContent()).toBe(
      `${Math.round((paying * 100) / users)}%`,
    )
    await page.getByRole('heading', { name: 'Assinantes pagantes' }).waitFor()
    await page.getByRole('heading', { name: 'Conversão em pagantes' }).waitFor()
    expect(await page.getByTestId('plan-count-empresas_15').textContent()).toMatch(
      /0 pagantes de \d+$/,
    )
    expect(await horizontalOverflow(page)).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})

describe("the product's words (docs/glossary.md)", () => {
  it.each(
    VIEWPORTS,
  )('the dashboard and the team page speak the glossary (%s)', async (_, viewport) => {
    const user = await userOn('empresas_2', 'Joana Padeira')
    const { context, page } = await openAs(user, viewport)
    await page.goto('/dashboard')
    await page.getByRole('heading', { name: 'Meu painel', level: 1 }).waitFor()
    // The plans list features in the landing's words; the spec's feature card keeps its rule
    // (each word capitalised) with WhatsApp spelt right.
    const pf = page.locator('li[data-plan="pf_simples"]')
    await pf.waitFor()
    expect(await pf.textContent()).toContain('Exportação em PDF')
    expect(await pf.textContent()).toContain('Acesso pelo WhatsApp')
    await page.locator('li[data-included]').first().waitFor()
    expect(await page.locator('li[data-included]').allTextContents()).toContain(
      'Acesso WhatsApp(incluído)',
    )
    const body = (await page.textContent('body')) ?? ''
    for (const wrong of ['Whatsapp', 'Exportação Pdf', 'Acesso Api', 'Gerenciar Assinatura', ' %'])
      expect(body, wrong).not.toContain(wrong)

    await page.goto('/equipe')
    await page.getByRole('heading', { name: 'Equipe', level: 1 }).waitFor()
    await page.getByText('Titular', { exact: true }).waitFor()
    expect(await page.getByText('Dono', { exact: true }).count()).toBe(0)
    await page.getByLabel('E-mail da pessoa').waitFor()
    expect(await horizontalOverflow(page)).toBe(0)
    await context.close()
  })
})
