import { saoPauloDate } from '@equilibrai/shared'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../apps/server/test/auth-client.ts'
import { withTransaction } from '../apps/server/src/platform/db/transaction.ts'
import { handleMessage } from '../apps/server/src/assistant/assistant-service.ts'
import { axeViolations } from './axe.ts'
import { type E2E, startE2E } from './harness.ts'

/**
 * Issue 26: the dashboard is the finance home (the month's money, bills due soon, budgets near
 * their limit, the last entries, balances and WhatsApp) above the spec's own cards; every
 * signed-in page shares one shell; no signed-in page scrolls sideways on a 390 px phone.
 */
let e2e: E2E
beforeAll(async () => {
  e2e = await startE2E({ TRUST_PROXY: 'x-forwarded-for' })
})
afterAll(() => e2e?.close())

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }
const SIGNED_IN_PAGES = [
  '/dashboard',
  '/financas',
  '/contas',
  '/relatorios',
  '/analise',
  '/equipe',
  '/integracoes',
]

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

function inDays(days: number): string {
  return saoPauloDate(new Date(Date.now() + days * 86_400_000))
}

/** A business-plan user with a month of money: entries, a bill due in 3 days, a budget at 87%. */
async function userWithMoney() {
  const user = await signedInUser(e2e.server)
  await e2e.server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    user.userId,
    'empresas_15',
  ])
  await whatsapp(user.userId, 'recebi 4.500 de salário')
  await whatsapp(user.userId, 'orçamento mercado 800')
  await whatsapp(user.userId, 'gastei 700 no mercado')
  await whatsapp(
    user.userId,
    'gastei 1.234,56 na manutenção preventiva do ar-condicionado do escritório central',
  )
  const bill = await user.client.post('/api/v1/bills', {
    description: 'Condomínio do apartamento da rua das Laranjeiras',
    amount_cents: 123456,
    due_on: inDays(3),
  })
  expect(bill.status).toBe(201)
  return user
}

async function openAs(user: Awaited<ReturnType<typeof signedInUser>>, viewport: typeof PHONE) {
  const { context, page } = await e2e.newPage({ viewport })
  await context.addCookies(
    [...user.client.cookies].map(([name, value]) => ({ name, value, url: e2e.server.url })),
  )
  return { context, page }
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

describe('the dashboard as the finance home', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('shows the money first, then the spec cards (%s)', async (_name, viewport) => {
    const user = await userWithMoney()
    const { context, page } = await openAs(user, viewport)
    await page.goto('/dashboard')
    await page.getByRole('heading', { name: 'Meu painel', level: 1 }).waitFor()
    const home = page.getByTestId('finance-home')
    await expect.poll(() => home.getByTestId('summary-income').textContent()).toBe('R$ 4.500,00')
    await expect.poll(() => home.getByTestId('summary-expense').textContent()).toBe('R$ 1.934,56')
    await expect.poll(() => home.getByTestId('summary-balance').textContent()).toBe('R$ 2.565,44')
    await expect
      .poll(() => page.getByTestId('home-bills').textContent())
      .toContain('Condomínio do apartamento')
    expect(await page.getByTestId('home-bills').textContent()).toContain('R$ 1.234,56')
    await expect.poll(() => page.getByTestId('home-budgets').textContent()).toContain('Mercado')
    expect(await page.getByTestId('home-budgets').textContent()).toContain('87%')
    await expect
      .poll(() => page.getByTestId('home-last-entries').textContent())
      .toContain('salário')

    // The money comes before the spec's cards, which stay with their texts.
    const order = await page.evaluate(() => {
      const top = (el: Element | null | undefined) => el?.getBoundingClientRect().top ?? -1
      const heading = (name: string) =>
        Array.from(document.querySelectorAll('h2, h3, [data-slot="card-title"]')).find(
          (h) => h.textContent?.trim() === name,
        )
      return {
        money: top(document.querySelector('[data-testid="finance-home"]')),
        profile: top(heading('Informações do Perfil')),
        plan: top(heading('Plano Atual')),
        plans: top(heading('Planos Disponíveis')),
        features: top(heading('Recursos do seu Plano')),
      }
    })
    for (const spec of ['profile', 'plan', 'plans', 'features'] as const) {
      expect(order[spec], spec).toBeGreaterThan(order.money)
    }
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})

describe('one shell for every signed-in page', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('has the same header, pages and Sair everywhere (%s)', async (_name, viewport) => {
    const user = await signedInUser(e2e.server)
    const { context, page } = await openAs(user, viewport)
    for (const path of SIGNED_IN_PAGES) {
      await page.goto(path)
      const nav = page.getByRole('navigation', { name: 'Páginas' })
      await nav.waitFor()
      for (const name of ['Painel', 'Finanças', 'Contas', 'Relatórios', 'Análise', 'Equipe']) {
        expect(await nav.getByRole('link', { name, exact: true }).count(), `${path} ${name}`).toBe(
          1,
        )
      }
      expect(await page.getByRole('button', { name: 'Sair' }).count(), path).toBe(1)
      expect(
        await page.getByRole('button', { name: 'Alternar tema claro ou escuro' }).count(),
        path,
      ).toBe(1)
      expect(await page.getByRole('link', { name: 'Voltar ao Dashboard' }).count(), path).toBe(0)
    }
    // Moving through the navigation keeps the session and marks the current page.
    await page.goto('/dashboard')
    await page
      .getByRole('navigation', { name: 'Páginas' })
      .getByRole('link', { name: 'Finanças' })
      .click()
    await page.getByRole('heading', { name: 'Minhas finanças', level: 1 }).waitFor()
    expect(
      await page
        .getByRole('navigation', { name: 'Páginas' })
        .getByRole('link', { name: 'Finanças' })
        .getAttribute('aria-current'),
    ).toBe('page')
    await context.close()
  })
})

describe('a 390 px phone', () => {
  it('scrolls no signed-in page sideways, and chart ticks stay on one line', async () => {
    const user = await userWithMoney()
    const { context, page } = await openAs(user, PHONE)
    for (const path of SIGNED_IN_PAGES) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      // Let the page's queries land and draw what they bring.
      await page.waitForLoadState('networkidle')
      expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0)
    }

    await page.goto('/relatorios')
    await page.getByTestId('category-table-cards').waitFor()
    const cards = await page.getByTestId('category-table-cards').innerText()
    expect(cards).toMatch(/Mercado[\s\S]*R\$ 700,00/)
    await page.locator('.recharts-cartesian-axis-tick').first().waitFor({ state: 'attached' })
    const wrapped = await page.evaluate(
      () =>
        Array.from(document.querySelectorAll('.recharts-cartesian-axis-tick text')).filter(
          (t) => t.querySelectorAll('tspan').length > 1,
        ).length,
    )
    expect(wrapped).toBe(0)
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    await context.close()
  })
})
