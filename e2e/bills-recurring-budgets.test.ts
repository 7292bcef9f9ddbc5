import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../apps/server/test/auth-client.ts'
import { withTransaction } from '../apps/server/src/platform/db/transaction.ts'
import { handleMessage } from '../apps/server/src/assistant/assistant-service.ts'
import { getNotificationSettings } from '../apps/server/src/messaging/notification-settings.queries.ts'
import { axeViolations } from './axe.ts'
import { type E2E, startE2E } from './harness.ts'

/**
 * Bills, budgets, alerts and notification settings in a real browser against the real server:
 * what WhatsApp set up shows on /financas, a bill is paid from the page, a plan without budgets
 * sees the way to get them, and the dashboard's toggles change the settings.
 */
let e2e: E2E
beforeAll(async () => {
  e2e = await startE2E({ TRUST_PROXY: 'x-forwarded-for' })
})
afterAll(() => e2e?.close())

async function signedInPage(plan: string) {
  const user = await signedInUser(e2e.server)
  await e2e.server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    user.userId,
    plan,
  ])
  const { context, page } = await e2e.newPage()
  await context.addCookies(
    [...user.client.cookies].map(([name, value]) => ({ name, value, url: e2e.server.url })),
  )
  return { ...user, context, page }
}

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

const toast = (page: Page, text: string) =>
  page.getByLabel('Notificações').getByText(text, { exact: true })

describe('bills, budgets and alerts on /financas', () => {
  it('shows what WhatsApp set up, pays a bill and shows the budget alert', async () => {
    const { page, context, userId } = await signedInPage('pf_simples')
    await whatsapp(userId, 'internet 99,90 todo dia 15')
    await whatsapp(userId, 'orçamento mercado 800')
    await whatsapp(userId, 'gastei 700 no mercado')

    await page.goto('/financas')
    const bills = page.getByTestId('bill-list')
    await expect.poll(() => bills.textContent()).toContain('internet')
    await expect
      .poll(() => page.getByTestId('alert-list').textContent())
      .toContain('87% do orçamento de Mercado')
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Marcar como paga' }).first().click()
    await toast(page, 'Conta marcada como paga.').waitFor()
    // Paid, and next month's bill appears unpaid.
    await expect.poll(() => bills.getByText('Paga', { exact: true }).count()).toBe(1)
    await expect.poll(() => bills.getByRole('listitem').count()).toBe(2)

    const budget = page.getByRole('progressbar', { name: 'Orçamento de Mercado' })
    // 700 of 800, plus the internet bill (another category): 87 %.
    await expect.poll(() => budget.getAttribute('aria-valuenow')).toBe('87')
    await context.close()
  })

  it('sets a budget from the page: the first broken rule as a toast, then the saved limit', async () => {
    const { page, context } = await signedInPage('pf_simples')
    await page.goto('/financas')
    const form = page.locator('form').filter({
      has: page.getByRole('button', { name: 'Definir orçamento' }),
    })
    const limit = form.getByLabel('Limite por mês')
    await limit.waitFor()
    await form.getByRole('button', { name: 'Definir orçamento' }).click()
    await toast(page, 'Valor deve ser maior que zero').waitFor()
    expect(await limit.getAttribute('aria-invalid')).toBe('true')

    await form.getByLabel('Categoria').selectOption('transporte')
    await limit.fill('300')
    expect(await form.getByTestId('amount-preview').textContent()).toBe('Será salvo: R$ 300,00')
    await form.getByRole('button', { name: 'Definir orçamento' }).click()
    await toast(page, 'Orçamento salvo.').waitFor()
    await page.getByRole('progressbar', { name: 'Orçamento de Transporte' }).waitFor()
    // Ready for the next one: the limit empties, the category stays.
    expect(await limit.inputValue()).toBe('')
    expect(await form.getByLabel('Categoria').inputValue()).toBe('transporte')
    await context.close()
  })

  it('adds a recurring entry from the page', async () => {
    const { page, context } = await signedInPage('free')
    await page.goto('/financas')
    await page.getByRole('button', { name: 'Novo recorrente' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Valor').fill('4.500')
    await dialog.getByLabel('Descrição').fill('Salário')
    await dialog.getByLabel('Dia do mês').fill('5')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await toast(page, 'Lançamento recorrente criado.').waitFor()
    await expect
      .poll(() => page.getByTestId('recurring-list').textContent())
      .toContain('Todo dia 5')
    await context.close()
  })

  it('shows the way to budgets on a plan without them', async () => {
    const { page, context } = await signedInPage('free')
    await page.goto('/financas')
    const upsell = page.getByText('não fazem parte do seu plano')
    await upsell.waitFor()
    const link = upsell.locator('..').getByRole('link', { name: 'Ver planos' })
    expect(await link.getAttribute('href')).toBe('/dashboard#planos')
    await context.close()
  })
})

describe('notification settings on the dashboard', () => {
  it('turns a kind off and on', async () => {
    const { page, context, userId } = await signedInPage('pf_simples')
    await page.goto('/dashboard')
    const toggle = page.getByLabel('Alertas de orçamento')
    await toggle.waitFor()
    expect(await toggle.isChecked()).toBe(true)
    await toggle.click()
    await expect
      .poll(
        async () =>
          (await getNotificationSettings(e2e.server.database.pool, { userId })).budget_alerts,
      )
      .toBe(false)
    await toggle.click()
    await expect
      .poll(
        async () =>
          (await getNotificationSettings(e2e.server.database.pool, { userId })).budget_alerts,
      )
      .toBe(true)
    await context.close()
  })
})
