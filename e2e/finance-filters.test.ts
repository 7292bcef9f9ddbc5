import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../apps/server/test/auth-client.ts'
import { hashToken } from '../apps/server/src/teams/team-service.ts'
import { axeViolations } from './axe.ts'
import { type E2E, startE2E } from './harness.ts'

/*
 * Issue 26: /financas's search and filters in a real browser, on a desktop and a 390 px phone.
 * The totals (income, spending, balance) follow every filter — the person's first — and the
 * filters live in the URL, so a reload keeps them.
 */
let e2e: E2E
beforeAll(async () => {
  e2e = await startE2E({ TRUST_PROXY: 'x-forwarded-for' })
})
afterAll(() => e2e?.close())

type User = Awaited<ReturnType<typeof signedInUser>>

async function team(): Promise<{ owner: User; partner: User }> {
  const owner = await signedInUser(e2e.server, { name: 'Ana Dona' })
  await e2e.server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    owner.userId,
    'empresas_2',
  ])
  const partner = await signedInUser(e2e.server, { name: 'Bruno Sócio' })
  expect((await owner.client.post('/api/team/invitations', { email: partner.email })).status).toBe(
    201,
  )
  const token = randomBytes(32).toString('base64url')
  await e2e.server.database.pool.query(
    'update team_invitations set token_hash = $2 where email = $1 and accepted_at is null',
    [partner.email, hashToken(token)],
  )
  expect((await partner.client.post(`/api/team/invitations/${token}/accept`, {})).status).toBe(200)
  return { owner, partner }
}

async function record(u: User, entry: Record<string, unknown>) {
  const res = await u.client.post('/api/v1/transactions', {
    type: 'expense',
    category: 'outros',
    ...entry,
  })
  expect(res.status).toBe(201)
}

const figure = (page: Page, tone: 'income' | 'expense' | 'balance') =>
  page.getByTestId(`summary-${tone}`).textContent()
const rows = (page: Page) => page.getByTestId('transaction-row')

async function expectTotals(page: Page, income: string, expense: string, balance: string) {
  await expect.poll(() => figure(page, 'income')).toBe(income)
  await expect.poll(() => figure(page, 'expense')).toBe(expense)
  await expect.poll(() => figure(page, 'balance')).toBe(balance)
}

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]

describe('/financas filters', () => {
  for (const { name, viewport } of VIEWPORTS) {
    it(`totals follow the person, words, category, amounts and days (${name})`, async () => {
      const { owner, partner } = await team()
      const oct = (day: number) => `2026-10-${String(day).padStart(2, '0')}`
      await record(owner, {
        type: 'income',
        category: 'salario',
        amount_cents: 500000,
        description: 'Salário',
        occurred_on: oct(5),
      })
      await record(owner, {
        category: 'alimentacao',
        amount_cents: 1250,
        description: 'Café da padaria',
        occurred_on: oct(6),
      })
      await record(owner, {
        category: 'mercado',
        amount_cents: 32000,
        description: 'Mercado do mês',
        occurred_on: oct(20),
      })
      await record(partner, {
        type: 'income',
        category: 'vendas',
        amount_cents: 80000,
        description: 'Venda de bolos',
        occurred_on: oct(8),
      })
      await record(partner, {
        category: 'alimentacao',
        amount_cents: 4500,
        description: 'Café com cliente',
        occurred_on: oct(9),
      })

      const { context, page } = await e2e.newPage({ viewport })
      await context.addCookies(
        [...owner.client.cookies].map(([n, value]) => ({ name: n, value, url: e2e.server.url })),
      )
      await page.goto('/financas?mes=2026-10')
      await page.getByRole('heading', { name: 'Minhas Finanças' }).waitFor()
      await expectTotals(page, 'R$ 5.800,00', 'R$ 377,50', 'R$ 5.422,50')
      await expect.poll(() => rows(page).count()).toBe(5)

      // The person: the totals are Bruno's alone, and stay so after a reload.
      await page.getByLabel('Lançado por').selectOption({ label: 'Bruno Sócio' })
      await expectTotals(page, 'R$ 800,00', 'R$ 45,00', 'R$ 755,00')
      await expect.poll(() => rows(page).count()).toBe(2)
      expect(new URL(page.url()).searchParams.get('membro')).toBe(partner.userId)
      await page.reload()
      await expectTotals(page, 'R$ 800,00', 'R$ 45,00', 'R$ 755,00')
      await expect.poll(() => rows(page).count()).toBe(2)

      // Everyone again; words without accents find 'Café'.
      await page.getByLabel('Lançado por').selectOption({ label: 'Toda a equipe' })
      await page.getByLabel('Buscar').fill('cafe')
      await page.getByLabel('Buscar').press('Enter')
      await expectTotals(page, 'R$ 0,00', 'R$ 57,50', '-R$ 57,50')
      await expect.poll(() => rows(page).count()).toBe(2)

      // Amounts typed as people type them: '20' is R$ 20,00, not R$ 0,20.
      await page.getByLabel('Buscar').fill('')
      await page.getByLabel('Valor mínimo').fill('20')
      await expect.poll(() => page.getByText('R$ 20,00', { exact: true }).count()).toBe(1)
      await page.getByLabel('Valor máximo').fill('1.000')
      await page.getByRole('button', { name: 'Filtrar' }).click()
      await expectTotals(page, 'R$ 800,00', 'R$ 365,00', 'R$ 435,00')
      await expect.poll(() => rows(page).count()).toBe(3)

      // A category, then days; then all filters cleared.
      await page.getByLabel('Valor mínimo').fill('')
      await page.getByLabel('Valor máximo').fill('')
      await page.getByLabel('Categoria', { exact: true }).selectOption({ label: 'Alimentação' })
      await expectTotals(page, 'R$ 0,00', 'R$ 57,50', '-R$ 57,50')
      await page.getByLabel('De', { exact: true }).fill('2026-10-07')
      await expectTotals(page, 'R$ 0,00', 'R$ 45,00', '-R$ 45,00')
      const url = new URL(page.url())
      expect(url.searchParams.get('categoria')).toBe('alimentacao')
      expect(url.searchParams.get('de')).toBe('2026-10-07')
      await page.reload()
      await expectTotals(page, 'R$ 0,00', 'R$ 45,00', '-R$ 45,00')
      await expect.poll(() => rows(page).count()).toBe(1)
      await page.getByRole('button', { name: 'Limpar filtros' }).click()
      await expectTotals(page, 'R$ 5.800,00', 'R$ 377,50', 'R$ 5.422,50')

      // Nothing cut or scrolling sideways; accessible.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0)
      expect(await axeViolations(page)).toEqual([])
      await context.close()
    })
  }
})
