import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../apps/server/test/auth-client.ts'
import {
  delivery,
  FAKE_BUSINESS_NUMBER,
  type FakeMeta,
  fakeMetaEnv,
  signedDelivery,
  startFakeMeta,
} from '../apps/server/test/fake-meta.ts'
import { startTestServer, type TestServer } from '../apps/server/test/test-server.ts'
import { axeViolations } from './axe.ts'
import { type E2E, startE2E, WEB_DIST } from './harness.ts'

/**
 * The WhatsApp channel in a real browser: with no Meta account, the dashboard points to the
 * simulator and a conversation there records entries (buttons included); with WhatsApp
 * configured, the dashboard card links a number by code (wa.me button and QR code) and unlinks.
 */
let e2e: E2E
beforeAll(async () => {
  e2e = await startE2E({ TRUST_PROXY: 'x-forwarded-for', WORKER: 'on' })
})
afterAll(() => e2e?.close())

async function signedInPage(browser: Browser, server: TestServer) {
  const user = await signedInUser(server)
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 1280, height: 800 },
  })
  await context.addCookies(
    [...user.client.cookies].map(([name, value]) => ({ name, value, url: server.url })),
  )
  const page = await context.newPage()
  page.on('pageerror', (error) => console.error('[browser]', error.message))
  return { ...user, context, page }
}

describe('without a Meta account: the simulator', () => {
  it('is reached from the dashboard and talks to the real assistant', async () => {
    const { page, userId, context } = await signedInPage(e2e.browser, e2e.server)
    await page.goto('/dashboard')
    const card = page.locator('[aria-labelledby="whatsapp-card-title"]')
    await expect.poll(() => card.getByText('ainda não está configurado').count()).toBe(1)
    await card.getByRole('link', { name: 'Abrir o simulador' }).click()
    await page.waitForURL('**/simulador')

    const log = page.getByRole('log', { name: 'Conversa com o Equilibraí' })
    await page.getByLabel('Mensagem').fill('gastei 45,90 no mercado')
    await page.getByRole('button', { name: 'Enviar' }).click()
    await expect.poll(() => log.getByText('anotado').count(), { timeout: 15_000 }).toBe(1)
    expect(await log.getByText('gastei 45,90 no mercado').count()).toBe(1)

    // A large amount: answered with Sim / Não buttons, and the button answers.
    await page.getByLabel('Mensagem').fill('vendi um carro por 1.500.000')
    await page.getByRole('button', { name: 'Enviar' }).click()
    const yes = log.getByRole('button', { name: 'Sim' })
    await expect.poll(() => yes.isEnabled(), { timeout: 15_000 }).toBe(true)
    await yes.click()
    await expect
      .poll(() => log.getByText(/1\.500\.000,00\*? anotad/).count(), { timeout: 15_000 })
      .toBe(1)

    const { rows } = await e2e.server.database.pool.query(
      `select amount_cents from transactions t join ledgers l on l.id = t.ledger_id
        where l.owner_user_id = $1 order by t.id`,
      [userId],
    )
    expect(rows).toEqual([{ amount_cents: 4590 }, { amount_cents: 150_000_000 }])
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})

describe('with WhatsApp configured: linking from the dashboard', () => {
  let fake: FakeMeta
  let server: TestServer
  beforeAll(async () => {
    fake = await startFakeMeta()
    server = await startTestServer(
      { ...fakeMetaEnv(fake), TRUST_PROXY: 'x-forwarded-for', WORKER: 'on' },
      WEB_DIST,
    )
  })
  afterAll(async () => {
    await server?.stop()
    await fake?.close()
  })

  it('shows the code, the wa.me button and the QR code, turns linked, and unlinks', async () => {
    const { page, context } = await signedInPage(e2e.browser, server)
    await page.goto('/dashboard')
    const card = page.locator('[aria-labelledby="whatsapp-card-title"]')
    await card.getByRole('button', { name: 'Vincular WhatsApp' }).click()
    const shown = (await card.getByTestId('link-code').textContent()) ?? ''
    const code = /vincular ([A-Z0-9]{6})/.exec(shown)?.[1] ?? ''
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/)
    expect(await card.getByRole('link', { name: 'Abrir o WhatsApp' }).getAttribute('href')).toBe(
      `https://wa.me/${FAKE_BUSINESS_NUMBER}?text=vincular%20${code}`,
    )
    await expect
      .poll(() => card.getByRole('img', { name: new RegExp(`QR code .*${code}`) }).isVisible())
      .toBe(true)
    expect(
      await axeViolations(page, { selector: '[aria-labelledby="whatsapp-card-title"]' }),
    ).toEqual([])

    // The person sends the code from their phone.
    const res = await server.api(
      '/api/webhooks/whatsapp',
      signedDelivery(delivery({ messages: [{ from: '5511987659001', text: `vincular ${code}` }] })),
    )
    expect(res.status).toBe(200)
    await expect
      .poll(() => card.getByText('+55 (11) 98765-9001').count(), { timeout: 15_000 })
      .toBe(1)
    expect(await card.getByText('Vinculado', { exact: true }).count()).toBe(1)

    await card.getByRole('button', { name: 'Desvincular' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Desvincular' }).click()
    await expect.poll(() => card.getByText('Não vinculado', { exact: true }).count()).toBe(1)
    await context.close()
  })

  it('keeps the simulator for admins only', async () => {
    const { page, context } = await signedInPage(e2e.browser, server)
    await page.goto('/simulador')
    await expect.poll(() => page.getByText('O simulador fica disponível só quando').count()).toBe(1)
    await context.close()
  })
})
