import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../apps/server/test/auth-client.ts'
import { axeViolations } from './axe.ts'
import { type E2E, startE2E } from './harness.ts'

/**
 * Issue 26: the amount field reads money the way people type it (and the way WhatsApp reads
 * it): '23' saves R$ 23,00, '1.500' R$ 1.500,00, '23,5' R$ 23,50; a paste works; the field
 * says what will be saved before it is saved. On a desktop and on a 390 px phone.
 */
let e2e: E2E
beforeAll(async () => {
  e2e = await startE2E({ TRUST_PROXY: 'x-forwarded-for' })
})
afterAll(() => e2e?.close())

const SCREENS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const

async function signedInPage(viewport: { width: number; height: number }) {
  const user = await signedInUser(e2e.server)
  // Pro: more than the free plan's five entries a month.
  await e2e.server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    user.userId,
    'pf_simples',
  ])
  const { context, page } = await e2e.newPage({ viewport })
  await context.addCookies(
    [...user.client.cookies].map(([name, value]) => ({ name, value, url: e2e.server.url })),
  )
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url })
  return { ...user, context, page }
}

const toast = (page: Page, text: string) =>
  page.getByLabel('Notificações').getByText(text, { exact: true })

async function addEntry(
  page: Page,
  description: string,
  type: (field: ReturnType<Page['getByLabel']>) => Promise<void>,
  expected: string,
) {
  await page.getByRole('button', { name: 'Novo lançamento' }).click()
  const dialog = page.getByRole('dialog', { name: 'Novo lançamento' })
  const amount = dialog.getByLabel('Valor')
  await type(amount)
  expect(await dialog.getByTestId('amount-preview').textContent()).toBe(`Será salvo: ${expected}`)
  await dialog.getByLabel('Descrição').fill(description)
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await dialog.waitFor({ state: 'hidden' })
  const row = page.getByTestId('transaction-row').filter({ hasText: description })
  await expect.poll(() => row.textContent()).toContain(expected)
}

describe('the amount field on /financas', () => {
  it.each(SCREENS)('saves what was typed, as WhatsApp reads it (%s)', async (_name, viewport) => {
    const { page, context } = await signedInPage(viewport)
    await page.goto('/financas')
    await page.getByRole('heading', { name: 'Minhas finanças' }).waitFor()

    await addEntry(page, 'Almoço', (f) => f.pressSequentially('23'), 'R$ 23,00')
    await addEntry(page, 'Aluguel', (f) => f.pressSequentially('1.500'), 'R$ 1.500,00')
    await addEntry(page, 'Padaria', (f) => f.pressSequentially('23,5'), 'R$ 23,50')
    await addEntry(
      page,
      'Notebook',
      async (f) => {
        await page.evaluate(() => navigator.clipboard.writeText('R$ 1.234,56'))
        await f.focus()
        await page.keyboard.press('ControlOrMeta+V')
      },
      'R$ 1.234,56',
    )
    await expect.poll(() => page.getByTestId('summary-expense').textContent()).toBe('R$ 2.781,06')

    // What cannot be money is said so, and not saved.
    await page.getByRole('button', { name: 'Novo lançamento' }).click()
    const dialog = page.getByRole('dialog', { name: 'Novo lançamento' })
    const amount = dialog.getByLabel('Valor')
    await amount.pressSequentially('1.23.4')
    expect(await dialog.getByTestId('amount-preview').textContent()).toBe(
      'Valor não reconhecido. Ex.: 23, 1.500 ou 23,50',
    )
    expect(await amount.getAttribute('aria-invalid')).toBe('true')
    expect(await axeViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await toast(page, 'Valor deve ser maior que zero').first().waitFor()
    expect(await page.getByTestId('transaction-row').count()).toBe(4)

    // Editing shows the saved amount, and a blur writes the typed text the Brazilian way.
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Editar Almoço' }).click()
    const edit = page.getByRole('dialog', { name: 'Editar lançamento' })
    await expect.poll(() => edit.getByLabel('Valor').inputValue()).toBe('23,00')
    await edit.getByLabel('Valor').fill('45.9')
    await edit.getByLabel('Descrição').focus()
    expect(await edit.getByLabel('Valor').inputValue()).toBe('45,90')
    await context.close()
  })
})
