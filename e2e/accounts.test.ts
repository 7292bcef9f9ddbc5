import { cardBillMonthOf, saoPauloDate } from '@equilibrai/shared'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../apps/server/test/auth-client.ts'
import { axeViolations } from './axe.ts'
import { type E2E, startE2E } from './harness.ts'

/**
 * /contas and what it changes on /financas and the dashboard, in a real browser against the
 * real server: a checking account and a credit card, a purchase on the card, its bill, paying
 * it, a transfer shown as a transfer, on a desktop and on a 390 px phone.
 */
let e2e: E2E
beforeAll(async () => {
  e2e = await startE2E({ TRUST_PROXY: 'x-forwarded-for' })
})
afterAll(() => e2e?.close())

const PHONE = { width: 390, height: 844 }

async function signedInPage(viewport?: { width: number; height: number }) {
  const user = await signedInUser(e2e.server)
  const { context, page } = await e2e.newPage(viewport ? { viewport } : {})
  await context.addCookies(
    [...user.client.cookies].map(([name, value]) => ({ name, value, url: e2e.server.url })),
  )
  return { ...user, context, page }
}

const toast = (page: Page, text: string) =>
  page.getByLabel('Notificações').getByText(text, { exact: true })
const tile = (page: Page, name: string | RegExp) =>
  page.getByTestId('account-tile').filter({ has: page.getByRole('heading', { name }) })
const balanceOf = (page: Page, name: string | RegExp) =>
  tile(page, name).getByTestId('account-balance').textContent()
const netPosition = (page: Page) => page.getByTestId('net-position').textContent()

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

/** Types an amount the way a person does: '2.000', '300', '12.345,67'. */
async function typeAmount(field: Locator, text: string) {
  await field.fill('')
  await field.pressSequentially(text)
}

async function createAccount(
  page: Page,
  account: {
    name: string
    kind?: string
    opening?: string
    card?: { closing: string; due: string; limit: string; digits: string }
  },
) {
  await page.getByRole('button', { name: 'Nova conta' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nova conta' })
  await dialog.getByLabel('Nome').fill(account.name)
  if (account.kind) await dialog.getByLabel('Tipo').selectOption({ label: account.kind })
  if (account.opening) await typeAmount(dialog.getByLabel('Saldo inicial'), account.opening)
  if (account.card) {
    await dialog.getByLabel('Dia de fechamento').fill(account.card.closing)
    await dialog.getByLabel('Dia de vencimento').fill(account.card.due)
    await typeAmount(dialog.getByLabel('Limite'), account.card.limit)
    await dialog.getByLabel('Últimos 4 dígitos').fill(account.card.digits)
  }
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  return dialog
}

describe('/contas', () => {
  it('sends a signed-out visitor to /auth', async () => {
    const { page, context } = await e2e.newPage()
    await page.goto('/contas')
    await page.waitForURL(/\/auth$/)
    await context.close()
  })

  it('keeps a card and a checking account: a purchase, its bill, paying it, a transfer', async () => {
    const { page, context } = await signedInPage()
    await page.goto('/contas')
    await page.getByRole('heading', { name: 'Minhas contas', level: 1 }).waitFor()
    // Every ledger starts with its default account.
    await expect.poll(() => balanceOf(page, 'Conta principal')).toBe('R$ 0,00')
    expect(
      await tile(page, 'Conta principal').getByText('Principal', { exact: true }).count(),
    ).toBe(1)
    await expect.poll(() => netPosition(page)).toBe('R$ 0,00')
    expect(await axeViolations(page)).toEqual([])

    // A checking account with money in it.
    let dialog = await createAccount(page, { name: 'Itaú', opening: '2.000' })
    await toast(page, 'Conta criada.').waitFor()
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(() => balanceOf(page, 'Itaú')).toBe('R$ 2.000,00')
    await expect.poll(() => netPosition(page)).toBe('R$ 2.000,00')

    // The server's refusal shows in the dialog, which stays open: names are unique per ledger.
    dialog = await createAccount(page, { name: 'itaú' })
    await dialog.getByTestId('form-error').waitFor()
    expect(await dialog.isVisible()).toBe(true)
    expect(await axeViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Cancelar' }).click()

    // A credit card: closes on the 1st, due on the 10th.
    dialog = await createAccount(page, {
      name: 'Nubank',
      kind: 'Cartão de crédito',
      card: { closing: '1', due: '10', limit: '5000', digits: '1234' },
    })
    await toast(page, 'Conta criada.').waitFor()
    const card = tile(page, 'Nubank ••1234')
    await expect.poll(() => card.getByTestId('available-limit').textContent()).toBe('R$ 5.000,00')
    await expect.poll(() => card.textContent()).toContain('Nenhuma fatura ainda')

    // A purchase on the card, 40 days ago: its bill (closing on a 1st since) is closed.
    const bought = saoPauloDate(new Date(Date.now() - 40 * 86_400_000))
    await page.goto(`/financas?mes=${bought.slice(0, 7)}`)
    await page.getByRole('button', { name: 'Novo lançamento' }).click()
    dialog = page.getByRole('dialog', { name: 'Novo lançamento' })
    const accountField = dialog.getByLabel('Conta', { exact: true })
    // The default account comes preselected.
    expect(await accountField.locator('option:checked').textContent()).toContain('Conta principal')
    await accountField.selectOption({ label: 'Nubank ••1234 (Cartão de crédito)' })
    await typeAmount(dialog.getByLabel('Valor'), '300')
    await dialog.getByLabel('Descrição').fill('Geladeira')
    await dialog.getByLabel('Data').fill(bought)
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await toast(page, 'Lançamento registrado.').waitFor()
    const list = page.getByTestId('transaction-list')
    await expect.poll(() => list.textContent()).toContain('Nubank ••1234')

    // The bill: what it holds, closed, and the card's balance and limit.
    await page.goto('/contas')
    await expect.poll(() => balanceOf(page, 'Nubank ••1234')).toBe('-R$ 300,00')
    await expect.poll(() => card.getByTestId('available-limit').textContent()).toBe('R$ 4.700,00')
    await expect.poll(() => netPosition(page)).toBe('R$ 1.700,00')
    const bill = card.getByTestId('card-bill')
    await expect.poll(() => bill.count()).toBe(1)
    const month = cardBillMonthOf({ closing_day: 1, due_day: 10 }, bought)
    const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' }).format(
      new Date(`${month}-15T12:00:00Z`),
    )
    expect(await bill.textContent()).toContain(`Fatura de ${monthName} de ${month.slice(0, 4)}`)
    expect(await bill.getByTestId('bill-status').textContent()).toBe('Fechada')
    expect(await bill.getByTestId('bill-total').textContent()).toBe('R$ 300,00')
    await bill.getByText('O que tem nesta fatura').click()
    await expect.poll(() => bill.getByTestId('bill-entries').textContent()).toContain('Geladeira')
    expect(await axeViolations(page)).toEqual([])

    // Pagar fatura from Itaú: a transfer into the card.
    await bill.getByRole('button', { name: /Pagar fatura/ }).click()
    dialog = page.getByRole('dialog', { name: 'Pagar fatura' })
    await dialog.getByLabel('Pagar com').selectOption({ label: 'Itaú (Conta corrente)' })
    expect(await axeViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Pagar R$ 300,00' }).click()
    await toast(page, 'Fatura paga.').waitFor()
    await expect.poll(() => bill.getByTestId('bill-status').textContent()).toBe('Paga')
    await expect.poll(() => balanceOf(page, 'Nubank ••1234')).toBe('R$ 0,00')
    await expect.poll(() => balanceOf(page, 'Itaú')).toBe('R$ 1.700,00')
    // Paying moves money between own accounts: the net position stays.
    await expect.poll(() => netPosition(page)).toBe('R$ 1.700,00')
    expect(await bill.getByRole('button', { name: /Pagar fatura/ }).count()).toBe(0)

    // A transfer to savings.
    await createAccount(page, { name: 'Poupança', kind: 'Poupança' })
    await toast(page, 'Conta criada.').waitFor()
    await page.getByRole('button', { name: 'Transferir' }).click()
    dialog = page.getByRole('dialog', { name: 'Nova transferência' })
    await dialog.getByLabel('De', { exact: true }).selectOption({ label: 'Itaú (Conta corrente)' })
    await dialog.getByLabel('Para', { exact: true }).selectOption({ label: 'Poupança (Poupança)' })
    await typeAmount(dialog.getByLabel('Valor'), '500')
    await dialog.getByRole('button', { name: 'Transferir' }).click()
    await toast(page, 'Transferência registrada.').waitFor()
    await expect.poll(() => balanceOf(page, 'Poupança')).toBe('R$ 500,00')
    await expect.poll(() => balanceOf(page, 'Itaú')).toBe('R$ 1.200,00')
    await expect.poll(() => netPosition(page)).toBe('R$ 1.700,00')

    // /financas this month: the transfer and the bill's payment are transfers, not income or
    // expense, and out of the month's totals.
    await page.goto('/financas')
    const transfers = page.getByTestId('transfer-row')
    await expect.poll(() => transfers.count()).toBe(2)
    const saved = transfers.filter({ hasText: /Itaú →\s*para Poupança/ })
    expect(await saved.textContent()).toContain('Transferência')
    expect(await saved.textContent()).toContain('R$ 500,00')
    await expect.poll(() => page.getByTestId('summary-income').textContent()).toBe('R$ 0,00')
    expect(await page.getByTestId('summary-expense').textContent()).toBe('R$ 0,00')
    expect(await page.getByTestId('transaction-row').count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])

    // Narrowed to the savings account: only its transfer.
    await page.getByLabel('Conta', { exact: true }).selectOption({ label: 'Poupança' })
    await page.waitForURL(/conta=\d+/)
    await expect.poll(() => transfers.count()).toBe(1)
    expect(await transfers.textContent()).toMatch(/Itaú →\s*para Poupança/)

    // The dashboard's balances.
    await page.goto('/dashboard')
    const balances = page.getByTestId('balances-card')
    await expect.poll(() => balances.textContent()).toContain('Poupança')
    expect(await page.getByTestId('dashboard-net-position').textContent()).toBe('R$ 1.700,00')
    expect(await balances.getByRole('link', { name: /Minhas contas/ }).getAttribute('href')).toBe(
      '/contas',
    )
    await context.close()
  })

  it('archives, renames, checks a card’s days, undoes a transfer, and refuses to delete an account in use', async () => {
    const { page, context } = await signedInPage()
    await page.goto('/contas')
    await createAccount(page, { name: 'Carteira', kind: 'Dinheiro', opening: '50' })
    await toast(page, 'Conta criada.').waitFor()
    await page.getByRole('button', { name: 'Transferir' }).click()
    const transfer = page.getByRole('dialog', { name: 'Nova transferência' })
    await transfer.getByLabel('De', { exact: true }).selectOption({ label: 'Carteira (Dinheiro)' })
    await transfer
      .getByLabel('Para', { exact: true })
      .selectOption({ label: 'Conta principal (Conta corrente)' })
    await typeAmount(transfer.getByLabel('Valor'), '10')
    await transfer.getByRole('button', { name: 'Transferir' }).click()
    await toast(page, 'Transferência registrada.').waitFor()

    // In use: deleting is refused, with the server's reason in the dialog.
    await page.getByRole('button', { name: 'Excluir Carteira' }).click()
    const confirm = page.getByRole('dialog', { name: 'Excluir conta?' })
    await confirm.getByRole('button', { name: 'Excluir' }).click()
    await confirm.getByTestId('form-error').waitFor()
    await confirm.getByRole('button', { name: 'Cancelar' }).click()

    await page.getByRole('button', { name: 'Arquivar Carteira' }).click()
    await toast(page, 'Conta arquivada.').waitFor()
    const archived = page.getByTestId('archived-accounts')
    await expect.poll(() => archived.textContent()).toContain('Contas arquivadas (1)')
    expect(await page.getByTestId('active-accounts').textContent()).not.toContain('Carteira')
    // Its balance still counts in the net position.
    await expect.poll(() => netPosition(page)).toBe('R$ 50,00')
    await archived.getByText('Contas arquivadas (1)').click()
    await archived.getByRole('button', { name: 'Reativar Carteira' }).click()
    await toast(page, 'Conta reativada.').waitFor()
    await expect.poll(() => page.getByTestId('active-accounts').textContent()).toContain('Carteira')
    expect(await page.getByTestId('archived-accounts').count()).toBe(0)

    // Renamed in the edit dialog; the kind stays.
    await page.getByRole('button', { name: 'Editar Carteira' }).click()
    const edit = page.getByRole('dialog', { name: 'Editar conta' })
    expect(await edit.textContent()).toContain('Tipo: Dinheiro')
    await edit.getByLabel('Nome').fill('Carteira de couro')
    await edit.getByRole('button', { name: 'Salvar' }).click()
    await toast(page, 'Conta atualizada.').waitFor()
    await expect.poll(() => balanceOf(page, 'Carteira de couro')).toBe('R$ 40,00')

    // A card's days are checked before anything is sent.
    const card = await createAccount(page, {
      name: 'Inter',
      kind: 'Cartão de crédito',
      card: { closing: '32', due: '5', limit: '1.000', digits: '4321' },
    })
    await toast(page, 'Dia de fechamento deve ser entre 1 e 31').waitFor()
    await card.getByLabel('Dia de fechamento').fill('28')
    await card.getByRole('button', { name: 'Salvar' }).click()
    await toast(page, 'Conta criada.').waitFor()
    await expect.poll(() => tile(page, 'Inter ••4321').count()).toBe(1)

    // Undoing the transfer on /financas puts both balances back.
    await page.goto('/financas')
    await page.getByRole('button', { name: /^Excluir transferência/ }).click()
    const undo = page.getByRole('dialog', { name: 'Excluir transferência?' })
    await undo.getByRole('button', { name: 'Excluir' }).click()
    await toast(page, 'Transferência excluída.').waitFor()
    await expect.poll(() => page.getByTestId('transfer-row').count()).toBe(0)
    await page.goto('/contas')
    await expect.poll(() => balanceOf(page, 'Carteira de couro')).toBe('R$ 50,00')
    await expect.poll(() => balanceOf(page, 'Conta principal')).toBe('R$ 0,00')

    // An account nothing uses can go.
    await createAccount(page, { name: 'Corretora', kind: 'Investimento' })
    await toast(page, 'Conta criada.').waitFor()
    await page.getByRole('button', { name: 'Excluir Corretora' }).click()
    await confirm.getByRole('button', { name: 'Excluir' }).click()
    await toast(page, 'Conta excluída.').waitFor()
    await expect.poll(() => tile(page, 'Corretora').count()).toBe(0)
    // The default account can be neither archived nor deleted.
    expect(await page.getByRole('button', { name: 'Excluir Conta principal' }).count()).toBe(0)
    await context.close()
  })

  it('fits a 390 px phone: /contas with a card bill open, /financas with transfers, the dashboard', async () => {
    const { page, context } = await signedInPage(PHONE)
    await page.goto('/contas')
    await createAccount(page, {
      name: 'Cartão Santander Universitário Platinum',
      kind: 'Cartão de crédito',
      card: { closing: '31', due: '8', limit: '12000', digits: '9876' },
    })
    await toast(page, 'Conta criada.').waitFor()
    await createAccount(page, {
      name: 'Poupança da família',
      kind: 'Poupança',
      opening: '1.234.567,89',
    })
    await toast(page, 'Conta criada.').waitFor()

    await page.goto('/financas')
    await page.getByRole('button', { name: 'Novo lançamento' }).click()
    const entry = page.getByRole('dialog', { name: 'Novo lançamento' })
    await entry
      .getByLabel('Conta', { exact: true })
      .selectOption({ label: 'Cartão Santander Universitário Platinum ••9876 (Cartão de crédito)' })
    await typeAmount(entry.getByLabel('Valor'), '12.345,67')
    await entry.getByLabel('Descrição').fill('Notebook novo para o trabalho em 10 vezes')
    await entry.getByRole('button', { name: 'Salvar' }).click()
    await toast(page, 'Lançamento registrado.').waitFor()

    await page.goto('/contas')
    const card = tile(page, /Santander/)
    await expect.poll(() => card.getByTestId('card-bill').count()).toBe(1)
    await card.getByText('O que tem nesta fatura').click()
    await card.getByTestId('bill-entries').waitFor()
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    expect(await axeViolations(page)).toEqual([])

    await card.getByRole('button', { name: /Pagar fatura/ }).click()
    const pay = page.getByRole('dialog', { name: 'Pagar fatura' })
    await pay.getByRole('button', { name: /^Pagar R\$/ }).click()
    await toast(page, 'Fatura paga.').waitFor()
    await expect.poll(() => card.getByTestId('bill-paid').textContent()).toBe('R$ 12.345,67')
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)

    await page.goto('/financas')
    await expect.poll(() => page.getByTestId('transfer-row').count()).toBe(1)
    await expect.poll(() => page.getByTestId('transaction-row').count()).toBe(1)
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    expect(await axeViolations(page)).toEqual([])

    await page.goto('/dashboard')
    await expect
      .poll(() => page.getByTestId('balances-card').textContent())
      .toContain('Poupança da família')
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    await context.close()
  })
})
