import { saoPauloMonth } from '@equilibrai/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../apps/server/test/auth-client.ts'
import { recordEntries } from '../apps/server/test/report-fixtures.ts'
import { axeViolations } from './axe.ts'
import { type E2E, startE2E } from './harness.ts'

/**
 * /relatorios in a real browser against the real server: a subscriber's month (totals with the
 * change from last month, the charts drawn by recharts, the numbers in tables, the downloads),
 * the upgrade view of the free plan, a phone-sized screen, and the links that lead there.
 */
let e2e: E2E
beforeAll(async () => {
  e2e = await startE2E({ TRUST_PROXY: 'x-forwarded-for' })
})
afterAll(() => e2e?.close())

async function signedInPage(
  plan: string,
  options: { viewport?: { width: number; height: number } } = {},
) {
  const user = await signedInUser(e2e.server)
  await e2e.server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    user.userId,
    plan,
  ])
  const { context, page } = await e2e.newPage(
    options.viewport ? { viewport: options.viewport } : {},
  )
  await context.addCookies(
    [...user.client.cookies].map(([name, value]) => ({ name, value, url: e2e.server.url })),
  )
  return { ...user, context, page }
}

function months() {
  const current = saoPauloMonth(new Date())
  const [y, m] = current.split('-').map(Number) as [number, number]
  const previous = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7)
  return { current, previous }
}

async function seed(userId: string) {
  const { current, previous } = months()
  await recordEntries(e2e.server.database.pool, userId, [
    {
      type: 'income',
      cents: 500_000,
      description: 'salário',
      category: 'salario',
      on: `${current}-01`,
    },
    {
      type: 'expense',
      cents: 123_456,
      description: 'jantar de aniversário',
      category: 'alimentacao',
      on: `${current}-02`,
    },
    {
      type: 'expense',
      cents: 30_000,
      description: 'feira',
      category: 'mercado',
      on: `${current}-03`,
    },
    {
      type: 'expense',
      cents: 100_000,
      description: 'restaurante',
      category: 'alimentacao',
      on: `${previous}-10`,
    },
  ])
}

describe('/relatorios', () => {
  it("shows a subscriber's month with charts, tables, the change from last month and downloads", async () => {
    const { page, context, userId } = await signedInPage('pf_simples')
    await seed(userId)
    const errors: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
    await page.goto('/relatorios')
    await page.getByRole('heading', { name: 'Relatórios', level: 1 }).waitFor()
    await expect.poll(() => page.getByTestId('report-expense').textContent()).toBe('R$ 1.534,56')
    expect(await page.getByTestId('report-income').textContent()).toBe('R$ 5.000,00')
    expect(await page.getByTestId('report-balance').textContent()).toBe('R$ 3.465,44')
    expect(await page.getByTestId('report-expense-change').textContent()).toMatch(
      /^\+R\$ 534,56 \(\+53\s?%\) em relação a /,
    )
    // The charts are recharts SVGs with bars; the figures are also in tables.
    await expect
      .poll(() => page.locator('[data-testid="bar-series-chart"] .recharts-wrapper').count())
      .toBe(2)
    await expect
      .poll(() => page.locator('[data-testid="bar-series-chart"] .recharts-bar-rectangle').count())
      .toBeGreaterThan(0)
    const categories = await page.getByTestId('category-table').innerText()
    expect(categories).toMatch(
      /Alimentação\s+Despesa\s+1\s+R\$ 1\.234,56\s+80,5\s?%\s+R\$ 1\.000,00/,
    )
    expect(categories).toContain('Mercado')
    const top = await page.getByTestId('top-expenses').innerText()
    expect(top.indexOf('jantar de aniversário')).toBeLessThan(top.indexOf('feira'))
    await page.getByText(/Ver os valores de cada dia/).click()
    expect(await page.getByTestId('daily-table').innerText()).toContain('R$ 1.234,56')
    expect(await axeViolations(page)).toEqual([])

    // The downloads are real files.
    const { current } = months()
    const pdf = page.getByRole('link', { name: 'Baixar PDF' })
    expect(await pdf.getAttribute('href')).toBe(`/api/v1/reports/monthly.pdf?month=${current}`)
    const csvHref =
      (await page.getByRole('link', { name: 'Baixar CSV' }).getAttribute('href')) ?? ''
    const pdfResponse = await page.request.get(`/api/v1/reports/monthly.pdf?month=${current}`)
    expect(pdfResponse.headers()['content-type']).toBe('application/pdf')
    const csv = await page.request.get(csvHref)
    expect(csv.status()).toBe(200)
    expect(await csv.text()).toContain('jantar de aniversário;1.234,56')

    // The month lives in the address; last month has its own figures.
    await page.getByRole('button', { name: /Mês anterior/ }).click()
    await page.waitForURL(/\/relatorios\?mes=\d{4}-\d{2}$/)
    await expect.poll(() => page.getByTestId('report-expense').textContent()).toBe('R$ 1.000,00')
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows the free plan what it would get and the upgrade button; CSV still works', async () => {
    const { page, context, userId } = await signedInPage('free')
    await seed(userId)
    await page.goto('/relatorios')
    const upsell = page.getByTestId('report-upsell')
    await upsell.waitFor()
    expect(await upsell.innerText()).toContain('Disponíveis a partir do plano Pessoa Física')
    expect(await upsell.innerText()).toContain('Extrato em PDF')
    const upgrade = page.getByRole('link', { name: 'Fazer upgrade' })
    expect(await upgrade.getAttribute('href')).toBe('/dashboard#planos')
    expect(await page.getByRole('link', { name: 'Baixar PDF' }).count()).toBe(0)
    const csvHref =
      (await page.getByRole('link', { name: 'Baixar CSV' }).getAttribute('href')) ?? ''
    expect((await page.request.get(csvHref)).status()).toBe(200)
    expect(await axeViolations(page)).toEqual([])
    await upgrade.click()
    await page.waitForURL(/\/dashboard#planos$/)
    await context.close()
  })

  it('fits a phone and is reached from the dashboard and /financas', async () => {
    const { page, context, userId } = await signedInPage('pf_simples', {
      viewport: { width: 375, height: 740 },
    })
    await seed(userId)
    await page.goto('/dashboard')
    await page.getByRole('main').getByRole('link', { name: 'Relatórios' }).click()
    await page.waitForURL(/\/relatorios$/)
    await expect.poll(() => page.getByTestId('report-expense').textContent()).toBe('R$ 1.534,56')
    await expect
      .poll(() => page.locator('[data-testid="bar-series-chart"] .recharts-wrapper').count())
      .toBe(2)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    expect(await axeViolations(page)).toEqual([])

    await page.goto('/financas')
    await page.getByRole('main').getByRole('link', { name: 'Relatórios' }).click()
    await page.waitForURL(/\/relatorios$/)
    await context.close()
  })
})
