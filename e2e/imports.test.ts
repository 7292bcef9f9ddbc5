import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../apps/server/test/auth-client.ts'
import { type E2E, startE2E } from './harness.ts'

/**
 * /importar in a real browser against the real server: upload → preview (format, counts) →
 * "Importar" records the rows; another bank's CSV asks for its columns first; a phone-sized
 * screen has no horizontal scroll.
 */
let e2e: E2E
beforeAll(async () => {
  e2e = await startE2E({ TRUST_PROXY: 'x-forwarded-for' })
})
afterAll(() => e2e?.close())

const FIXTURES = path.resolve(import.meta.dirname, '../apps/server/src/ledger/imports/fixtures')

async function signedInPage(viewport?: { width: number; height: number }) {
  const user = await signedInUser(e2e.server)
  await e2e.server.database.pool.query(
    `update subscribers set plan_type = 'pf_simples' where user_id = $1`,
    [user.userId],
  )
  const { context, page } = await e2e.newPage(viewport ? { viewport } : {})
  await context.addCookies(
    [...user.client.cookies].map(([name, value]) => ({ name, value, url: e2e.server.url })),
  )
  return { ...user, page }
}

const count = (userId: string) =>
  e2e.server.database.pool
    .query<{ n: number }>(
      `select count(*)::int as n from transactions t join ledgers l on l.id = t.ledger_id
        where l.owner_user_id = $1`,
      [userId],
    )
    .then((r) => r.rows[0]?.n)

describe('/importar', () => {
  it('uploads a statement, shows the preview and imports it (390 px wide, no horizontal scroll)', async () => {
    const { page, userId } = await signedInPage({ width: 390, height: 844 })
    await page.goto('/importar')
    await page.getByRole('heading', { name: 'Importar extrato' }).waitFor()
    await page
      .getByLabel('Arquivo do extrato')
      .setInputFiles(path.join(FIXTURES, 'nubank-conta.csv'))
    await page.getByTestId('format').getByText('Nubank (CSV)').waitFor()
    const counts = page.getByTestId('counts')
    expect(await counts.textContent()).toContain('Linhas4')
    expect(await counts.textContent()).toContain('Novos4')
    await page.getByText('Compra no débito - Padaria Pão, Café & Cia').waitFor()
    expect(await count(userId)).toBe(0)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBe(0)
    await page.getByRole('button', { name: 'Importar', exact: true }).click()
    await page
      .getByRole('status')
      .getByText(/Importado: 3 lançados/)
      .waitFor()
    expect(await count(userId)).toBe(3)
  })

  it('asks for the columns of another bank’s CSV, then previews it', async () => {
    const { page } = await signedInPage()
    await page.goto('/importar')
    await page
      .getByLabel('Arquivo do extrato')
      .setInputFiles(path.join(FIXTURES, 'outro-banco.csv'))
    const form = page.getByRole('form', { name: 'Colunas do CSV' })
    await form.waitFor()
    await form.getByLabel('Data', { exact: true }).selectOption('Dt')
    await form.getByLabel('Descrição', { exact: true }).selectOption('Histórico')
    await form.getByLabel('Valor (com sinal)').selectOption('')
    await form.getByLabel('Ou: débito').selectOption('Débito')
    await form.getByLabel('E: crédito').selectOption('Crédito')
    await form.getByRole('button', { name: 'Usar estas colunas' }).click()
    await page.getByTestId('format').getByText('CSV de outro banco').waitFor()
    await page.getByText('Salário ACME').waitFor()
  })

  it('pages through a long preview and lists the rows to check ("a conferir"), whose match can be undone', async () => {
    const { page, userId, client } = await signedInPage()
    // A typed entry two days from a row of the same amount: matched, but to be checked.
    const typed = await client.post('/api/v1/transactions', {
      type: 'expense',
      amount_cents: 1234,
      description: 'farmácia',
      category: 'saude',
      occurred_on: '2024-05-03',
    })
    expect(typed.status).toBe(201)
    const lines = ['Data,Valor,Identificador,Descrição', '01/05/2024,-12.34,r-0,Drogasil centro']
    for (let i = 1; i < 450; i++) lines.push(`02/05/2024,-${i}.01,r-${i},Loja ${i}`)
    await page.goto('/importar')
    await page.getByLabel('Arquivo do extrato').setInputFiles({
      name: 'longo.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${lines.join('\n')}\n`),
    })
    const rowsList = page.getByRole('list', { name: 'Linhas do extrato' })
    await page.getByText('Mostrando 200 de 450 linhas.').waitFor()
    expect(await rowsList.getByRole('listitem').count()).toBe(200)
    await page.getByRole('button', { name: 'Mostrar mais linhas' }).click()
    await page.getByText('Mostrando 400 de 450 linhas.').waitFor()
    await page.getByRole('button', { name: 'Mostrar mais linhas' }).click()
    await rowsList.getByText('Loja 449', { exact: true }).waitFor()
    expect(await rowsList.getByRole('listitem').count()).toBe(450)
    expect(await page.getByRole('button', { name: 'Mostrar mais linhas' }).count()).toBe(0)

    const review = page.getByRole('heading', { name: 'A conferir (1)' })
    await review.waitFor()
    expect(await page.getByTestId('counts').textContent()).toContain('Já lançados1')
    await page.getByRole('button', { name: 'Não é o mesmo' }).click()
    await review.waitFor({ state: 'detached' })
    expect(await page.getByTestId('counts').textContent()).toContain('Novos450')
    await page.getByRole('button', { name: 'Importar', exact: true }).click()
    await page
      .getByRole('status')
      .getByText(/Importado: 450 lançados/)
      .waitFor()
    expect(await count(userId)).toBe(451)
  })
})
