import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../apps/server/test/auth-client.ts'
import { axeViolations } from './axe.ts'
import { type E2E, startE2E } from './harness.ts'

/*
 * Issue 26: categories of one's own on /financas, on a desktop and a 390 px phone — created
 * with an emoji, picked in the entry form, used by the filter (totals follow), renamed, and
 * deleted with its entries kept in the default category.
 */
let e2e: E2E
beforeAll(async () => {
  e2e = await startE2E({ TRUST_PROXY: 'x-forwarded-for' })
})
afterAll(() => e2e?.close())

const toast = (page: Page, text: string) =>
  page.getByLabel('Notificações').getByText(text, { exact: true })
const rows = (page: Page) => page.getByTestId('transaction-row')

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]

describe('/financas: categories of ones own', () => {
  for (const { name, viewport } of VIEWPORTS) {
    it(`creates, uses, filters, renames and deletes one (${name})`, async () => {
      const user = await signedInUser(e2e.server)
      await e2e.server.database.pool.query(
        'update subscribers set plan_type = $2 where user_id = $1',
        [user.userId, 'pf_simples'],
      )
      expect(
        (
          await user.client.post('/api/v1/transactions', {
            type: 'expense',
            amount_cents: 5000,
            description: 'Ração',
            category: 'pets',
            occurred_on: '2026-10-10',
          })
        ).status,
      ).toBe(201)
      const { context, page } = await e2e.newPage({ viewport })
      await context.addCookies(
        [...user.client.cookies].map(([n, value]) => ({ name: n, value, url: e2e.server.url })),
      )
      await page.goto('/financas?mes=2026-10')
      await page.getByRole('heading', { name: 'Minhas Finanças' }).waitFor()

      // Create it, with an emoji, inside Pets.
      const section = page.getByRole('form', { name: 'Nova categoria' })
      await section.getByLabel('Nome da categoria').fill('Cachorro')
      await section.getByLabel('Emoji').fill('🐶')
      await section.getByLabel('Conta como').selectOption({ label: 'Pets' })
      await section.getByRole('button', { name: 'Criar categoria' }).click()
      await toast(page, 'Categoria 🐶 Cachorro criada.').waitFor()
      const list = page.getByTestId('custom-categories')
      await expect.poll(() => list.textContent()).toContain('Em Pets · 0 lançamentos')

      // Pick it in the entry form.
      await page.getByRole('button', { name: 'Novo lançamento' }).click()
      const dialog = page.getByRole('dialog', { name: 'Novo lançamento' })
      await dialog.getByLabel('Valor').pressSequentially('80')
      await dialog.getByLabel('Descrição').fill('Pet shop')
      await dialog.getByLabel('Categoria').selectOption({ label: '🐶 Cachorro' })
      await dialog.getByLabel('Data').fill('2026-10-12')
      await dialog.getByRole('button', { name: 'Salvar' }).click()
      await toast(page, 'Lançamento registrado.').waitFor()
      await expect.poll(() => rows(page).count()).toBe(2)
      await expect
        .poll(() => page.getByTestId('transaction-list').textContent())
        .toContain('🐶 Cachorro')
      await expect.poll(() => page.getByTestId('summary-expense').textContent()).toBe('R$ 130,00')

      // The filter: Cachorro alone, or all of Pets.
      await page.getByLabel('Categoria', { exact: true }).selectOption({ label: '🐶 Cachorro' })
      await expect.poll(() => page.getByTestId('summary-expense').textContent()).toBe('R$ 80,00')
      await expect.poll(() => rows(page).count()).toBe(1)
      expect(new URL(page.url()).searchParams.get('categoria')).toMatch(/^c\d+$/)
      await page.getByLabel('Categoria', { exact: true }).selectOption({ label: 'Pets' })
      await expect.poll(() => page.getByTestId('summary-expense').textContent()).toBe('R$ 130,00')
      await page.getByRole('button', { name: 'Limpar filtros' }).click()

      // Rename it and change its emoji: the entry shows the new name.
      await page.getByRole('button', { name: 'Editar Cachorro' }).click()
      await page.getByLabel('Novo nome').fill('Totó')
      await page.getByLabel('Novo emoji').fill('🐕')
      await page.getByRole('button', { name: 'Salvar', exact: true }).click()
      await toast(page, 'Categoria atualizada.').waitFor()
      await expect
        .poll(() => page.getByTestId('transaction-list').textContent())
        .toContain('🐕 Totó')
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0)
      expect(await axeViolations(page)).toEqual([])

      // Delete it: the entry stays, in Pets.
      await page.getByRole('button', { name: 'Apagar Totó' }).click()
      const confirm = page.getByRole('dialog', { name: 'Apagar categoria?' })
      await confirm
        .getByText('Os lançamentos dela (1 lançamento) continuam, na categoria Pets.')
        .waitFor()
      await confirm.getByRole('button', { name: 'Apagar' }).click()
      await toast(page, 'Categoria apagada.').waitFor()
      await expect
        .poll(() => page.getByTestId('transaction-list').textContent())
        .not.toContain('Totó')
      await expect.poll(() => rows(page).count()).toBe(2)
      await expect.poll(() => page.getByTestId('summary-expense').textContent()).toBe('R$ 130,00')
      await context.close()
    })
  }
})
