import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../apps/server/test/auth-client.ts'
import { withTransaction } from '../apps/server/src/platform/db/transaction.ts'
import { handleMessage } from '../apps/server/src/assistant/assistant-service.ts'
import { ledgerForUser } from '../apps/server/src/tenancy/ledgers.queries.ts'
import { axeViolations } from './axe.ts'
import { type E2E, startE2E } from './harness.ts'

/**
 * /financas in a real browser against the real server: what WhatsApp recorded shows on the
 * page; adding, editing and deleting from the page; the free plan's limit; the paginated list;
 * a phone-sized screen.
 */
let e2e: E2E
beforeAll(async () => {
  e2e = await startE2E({ TRUST_PROXY: 'x-forwarded-for' })
})
afterAll(() => e2e?.close())

async function signedInPage(
  options: { plan?: string; viewport?: { width: number; height: number } } = {},
) {
  const user = await signedInUser(e2e.server)
  if (options.plan) {
    await e2e.server.database.pool.query(
      'update subscribers set plan_type = $2 where user_id = $1',
      [user.userId, options.plan],
    )
  }
  const { context, page } = await e2e.newPage(
    options.viewport ? { viewport: options.viewport } : {},
  )
  await context.addCookies(
    [...user.client.cookies].map(([name, value]) => ({ name, value, url: e2e.server.url })),
  )
  return { ...user, context, page }
}

/** A message as if it came from WhatsApp: the same service the webhook's job calls. */
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
const rows = (page: Page) => page.getByTestId('transaction-row')
const usageText = (page: Page) => page.getByTestId('usage-text').textContent()

describe('/financas', () => {
  it('sends a signed-out visitor to /auth', async () => {
    const { page, context } = await e2e.newPage()
    await page.goto('/financas')
    await page.waitForURL(/\/auth$/)
    await context.close()
  })

  it('shows what WhatsApp recorded, and adds, edits and deletes entries', async () => {
    const { page, context, userId } = await signedInPage()
    await whatsapp(userId, 'gastei 45,90 no mercado')
    await whatsapp(userId, 'recebi 3.000 de salário')

    await page.goto('/financas')
    await page.getByRole('heading', { name: 'Minhas finanças' }).waitFor()
    await expect.poll(() => rows(page).count()).toBe(2)
    const list = page.getByTestId('transaction-list')
    // The list, the summary and the usage are separate queries: each may land later.
    await expect.poll(() => list.textContent()).toContain('WhatsApp')
    await expect.poll(() => page.getByTestId('summary-income').textContent()).toBe('R$ 3.000,00')
    await expect.poll(() => page.getByTestId('summary-expense').textContent()).toBe('R$ 45,90')
    await expect.poll(() => page.getByTestId('summary-balance').textContent()).toBe('R$ 2.954,10')
    await expect.poll(() => page.getByTestId('category-chart').textContent()).toContain('Mercado')
    await expect.poll(() => usageText(page)).toContain('2 de 5 lançamentos este mês')
    expect(await axeViolations(page)).toEqual([])

    // Add: the amount is read as typed, and the field says what will be saved.
    await page.getByRole('button', { name: 'Novo lançamento' }).click()
    let dialog = page.getByRole('dialog', { name: 'Novo lançamento' })
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await toast(page, 'Valor deve ser maior que zero').waitFor()
    expect(await axeViolations(page)).toEqual([])
    const amount = dialog.getByLabel('Valor')
    await amount.pressSequentially('129,9')
    expect(await dialog.getByTestId('amount-preview').textContent()).toBe('Será salvo: R$ 129,90')
    await dialog.getByLabel('Descrição').fill('Tênis de corrida')
    await dialog.getByLabel('Categoria').selectOption('compras')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await toast(page, 'Lançamento registrado.').waitFor()
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(() => rows(page).count()).toBe(3)
    await expect.poll(() => usageText(page)).toContain('3 de 5 lançamentos este mês')
    await expect.poll(() => page.getByTestId('summary-expense').textContent()).toBe('R$ 175,80')

    // Edit
    await page.getByRole('button', { name: 'Editar Tênis de corrida' }).click()
    dialog = page.getByRole('dialog', { name: 'Editar lançamento' })
    await expect.poll(() => dialog.getByLabel('Valor').inputValue()).toBe('129,90')
    await dialog.getByLabel('Valor').fill('')
    await dialog.getByLabel('Valor').pressSequentially('99,90')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await toast(page, 'Lançamento atualizado.').waitFor()
    await expect.poll(() => list.textContent()).toContain('R$ 99,90')
    await expect.poll(() => page.getByTestId('summary-expense').textContent()).toBe('R$ 145,80')

    // Delete, after confirming
    await page.getByRole('button', { name: 'Excluir Tênis de corrida' }).click()
    const confirm = page.getByRole('dialog', { name: 'Excluir lançamento?' })
    await confirm.getByRole('button', { name: 'Excluir' }).click()
    await toast(page, 'Lançamento excluído.').waitFor()
    await expect.poll(() => rows(page).count()).toBe(2)
    await expect.poll(() => usageText(page)).toContain('2 de 5 lançamentos este mês')

    // What the page did, WhatsApp sees: the same ledger.
    const { reply } = await whatsapp(userId, 'últimos')
    expect(reply).toMatch(/1\. .*salário/)
    expect(reply).not.toContain('Tênis')
    await context.close()
  })

  it("shows the free plan's limit and the way to upgrade when it is reached", async () => {
    const { page, context, userId } = await signedInPage()
    for (const text of ['mercado 10', 'padaria 5', 'uber 12', 'farmácia 30', 'cinema 40']) {
      await whatsapp(userId, text)
    }
    await page.goto('/financas')
    await expect.poll(() => usageText(page)).toContain('5 de 5 lançamentos este mês')
    expect(await page.getByRole('button', { name: 'Novo lançamento' }).isDisabled()).toBe(true)
    const upgrade = page.getByRole('link', { name: 'Fazer upgrade' })
    expect(await upgrade.getAttribute('href')).toBe('/dashboard#planos')
    expect(await page.getByText('Você atingiu o limite do plano Gratuito').count()).toBe(1)
    await context.close()
  })

  it('pages a long month with "Carregar mais" and works on a phone', async () => {
    const { page, context, userId } = await signedInPage({
      plan: 'pf_simples',
      viewport: { width: 375, height: 740 },
    })
    const db = e2e.server.database.pool
    const { ledgerId } = await ledgerForUser(db, { userId })
    await db.query(
      `insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                                 occurred_on, source)
       select $1, $2, 'expense', 100 * i, 'compra ' || i, 'compras',
              (now() at time zone 'America/Sao_Paulo')::date, 'web'
         from generate_series(1, 60) as i`,
      [ledgerId, userId],
    )
    await page.goto('/financas')
    await expect.poll(() => rows(page).count()).toBe(50)
    await page.getByRole('button', { name: 'Carregar mais' }).click()
    await expect.poll(() => rows(page).count()).toBe(60)
    expect(await page.getByRole('button', { name: 'Carregar mais' }).count()).toBe(0)
    // Nothing wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    // The previous month is empty; the month lives in the address.
    await page.getByRole('button', { name: /Mês anterior/ }).click()
    await page.waitForURL(/\?mes=\d{4}-\d{2}$/)
    await page.getByText('Nenhum lançamento neste mês.', { exact: false }).waitFor()
    await context.close()
  })
})
