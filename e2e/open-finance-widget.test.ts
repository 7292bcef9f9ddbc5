import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../apps/server/test/auth-client.ts'
import { FakePluggy } from '../apps/server/src/integrations/open-finance/index.ts'
import { axeViolations } from './axe.ts'
import { type E2E, startE2E } from './harness.ts'

/**
 * The production path of Open Finance on /contas (ARCHITECTURE §11): with PLUGGY_WIDGET=on the
 * server hands out a connect token and the web opens Pluggy Connect through pluggy-connect-sdk.
 * Pluggy's page (https://connect.pluggy.ai) cannot be reached from here, so the test serves a
 * stand-in at that address: a zoid child like the real one, which creates the item at Pluggy's API
 * (routed to the local fake) with the connect token and then calls onSuccess({item}) and close().
 */
const require = createRequire(import.meta.url)
const ZOID = readFileSync(
  require.resolve('zoid/dist/zoid.frameworks.frame.js', {
    paths: [require.resolve('pluggy-connect-sdk')],
  }),
  'utf8',
)
const CONNECT = 'https://connect.pluggy.ai'

/** Pluggy's Connect page for one bank of the sandbox (3 asks for a security code). */
const standIn = (connectorId: number) => `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Pluggy Connect (stand-in)</title>
<script src="/zoid.js"></script></head>
<body><main><h1>Conectar seu banco</h1><p id="state">Pluggy Bank (sandbox)</p>
<button id="go" type="button">Conectar</button> <button id="close" type="button">Fechar</button></main>
<script>
  const fn = { type: 'function', required: false }
  zoid.create({
    tag: 'pluggy-connect-widget',
    url: '${CONNECT}',
    props: {
      connectToken: { type: 'string' },
      updateItem: { type: 'string', required: false },
      onSuccessProp: fn, onErrorProp: fn, onCloseProp: fn,
    },
  })
  const props = window.xprops
  document.getElementById('close').onclick = () => props.close()
  document.getElementById('go').onclick = () => { const request = props.updateItem
    ? fetch('https://api.pluggy.ai/items/' + props.updateItem, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-api-key': props.connectToken },
        body: JSON.stringify({ parameters: { user: 'user-ok', password: 'password-ok' } }),
      })
    : fetch('https://api.pluggy.ai/items', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': props.connectToken },
        body: JSON.stringify({ connectorId: ${connectorId}, parameters: { user: 'user-ok', password: 'password-ok' } }),
      })
  request
    .then((r) => r.json())
    .then((item) => props.onSuccessProp({ item }))
    .then(() => { document.getElementById('state').textContent = 'Conectado' })
    .catch((e) => props.onErrorProp({ message: String(e) })) }
</script></body></html>`

let e2e: E2E
let fake: FakePluggy
beforeAll(async () => {
  fake = new FakePluggy({ settleMs: 50 })
  await fake.start()
  e2e = await startE2E({
    WORKER: 'on',
    TRUST_PROXY: 'x-forwarded-for',
    PLUGGY_CLIENT_ID: 'test-client',
    PLUGGY_CLIENT_SECRET: 'test-secret',
    PLUGGY_BASE_URL: fake.url,
    PLUGGY_WEBHOOK_SECRET: 'segredo-do-webhook-e2e-789',
    PLUGGY_WIDGET: 'on',
  })
})
afterAll(async () => {
  await e2e?.close()
  await fake?.stop()
})

const CORS = {
  'access-control-allow-origin': CONNECT,
  'access-control-allow-headers': 'content-type, x-api-key',
  'access-control-allow-methods': 'GET, POST, PATCH',
}

/** Pluggy's two sites, served here: the Connect page (stand-in) and the API (the fake). */
async function routePluggy(context: BrowserContext, connectorId: number) {
  const itemBodies: unknown[] = []
  await context.route(`${CONNECT}/**`, (route) => {
    const url = new URL(route.request().url())
    if (url.pathname === '/zoid.js') {
      return route.fulfill({ contentType: 'text/javascript', body: ZOID })
    }
    return route.fulfill({ contentType: 'text/html', body: standIn(connectorId) })
  })
  await context.route('https://api.pluggy.ai/**', async (route) => {
    const request = route.request()
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS })
    const url = new URL(request.url())
    const answer = await route.fetch({ url: `${fake.url}${url.pathname}${url.search}` })
    return route.fulfill({ response: answer, headers: { ...answer.headers(), ...CORS } })
  })
  // What the web posts to our server after the widget.
  await context.route('**/api/v1/connections', async (route) => {
    if (route.request().method() === 'POST') itemBodies.push(route.request().postDataJSON())
    return route.continue()
  })
  return itemBodies
}

async function signedInPage(viewport: { width: number; height: number }, connectorId = 2) {
  const user = await signedInUser(e2e.server)
  await e2e.server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    user.userId,
    'pf_simples',
  ])
  const { context, page } = await e2e.newPage({ viewport })
  const posted = await routePluggy(context, connectorId)
  await context.addCookies(
    [...user.client.cookies].map(([name, value]) => ({ name, value, url: e2e.server.url })),
  )
  await page.goto('/contas')
  await page.getByRole('heading', { name: 'Conexões bancárias' }).waitFor()
  return { ...user, context, page, posted }
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: '390 px phone', viewport: { width: 390, height: 844 } },
]

describe('Open Finance through Pluggy Connect (widget mode)', () => {
  for (const { name, viewport } of VIEWPORTS) {
    it(`opens Pluggy Connect, posts its item as {item_id} and gets it in dia (${name})`, async () => {
      const { page, context, posted, userId } = await signedInPage(viewport)
      await page.getByRole('button', { name: 'Conectar banco' }).click()

      // The widget's iframe, from Pluggy's address, with the token our server asked for.
      const frame = page.frameLocator('iframe[name^="__zoid__pluggy_connect_widget__"]')
      await frame.getByRole('heading', { name: 'Conectar seu banco' }).waitFor({ timeout: 20_000 })
      expect(page.frames().some((f) => f.url().startsWith(`${CONNECT}/`))).toBe(true)
      expect(fake.connectTokens.at(-1)?.clientUserId).toBe(userId)
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
      // The person connects inside the widget, then closes it, as on Pluggy's own page.
      await frame.getByRole('button', { name: 'Conectar' }).click()
      await frame.getByText('Conectado', { exact: true }).waitFor()
      await frame.getByRole('button', { name: 'Fechar' }).click()

      const dialog = page.getByRole('dialog', { name: 'Conectar banco' })
      const done = dialog.getByTestId('connect-done')
      await done.waitFor({ timeout: 20_000 })
      expect(await done.textContent()).toContain('em dia')
      expect(posted).toHaveLength(1)
      const body = posted[0] as { item_id: string }
      expect(Object.keys(body)).toEqual(['item_id'])
      expect(fake.items.has(body.item_id)).toBe(true)
      const arrived = await dialog.getByTestId('connect-new-accounts').textContent()
      expect(arrived).toContain('Conta Corrente Pluggy')
      expect(await axeViolations(page)).toEqual([])
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
      await dialog.getByRole('button', { name: 'Fechar' }).first().click()

      const bank = page
        .getByTestId('bank-connection')
        .filter({ has: page.getByRole('heading', { name: 'Pluggy Bank (sandbox)' }) })
      expect(await bank.getByTestId('connection-status').textContent()).toBe('Em dia')
      expect(await axeViolations(page)).toEqual([])
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
      await context.close()
    })
  }

  for (const { name, viewport } of VIEWPORTS) {
    it(`a bank that asks for a security code after the widget: the code step, then em dia (${name})`, async () => {
      const { page, context, posted } = await signedInPage(viewport, 3)
      await page.getByRole('button', { name: 'Conectar banco' }).click()
      const frame = page.frameLocator('iframe[name^="__zoid__pluggy_connect_widget__"]')
      await frame.getByRole('button', { name: 'Conectar' }).click({ timeout: 20_000 })
      await frame.getByText('Conectado', { exact: true }).waitFor()
      await frame.getByRole('button', { name: 'Fechar' }).click()

      // The item waits for the code (WAITING_USER_INPUT): the dialog asks for it.
      const dialog = page.getByRole('dialog', { name: 'Conectar banco' })
      const code = dialog.getByLabel('Código de segurança (token)')
      await code.waitFor({ timeout: 20_000 })
      expect(posted).toHaveLength(1)
      expect(Object.keys(posted[0] as object)).toEqual(['item_id'])
      const item = fake.items.get((posted[0] as { item_id: string }).item_id)
      expect(item?.status).toBe('WAITING_USER_INPUT')
      expect(await axeViolations(page)).toEqual([])
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
      await code.fill('123456')
      await dialog.getByRole('button', { name: 'Enviar código' }).click()

      const done = dialog.getByTestId('connect-done')
      await done.waitFor({ timeout: 20_000 })
      expect(await done.textContent()).toContain('Pluggy Bank MFA (sandbox) conectado: em dia.')
      expect(item?.status).toBe('UPDATED')
      expect(await axeViolations(page)).toEqual([])
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
      await dialog.getByRole('button', { name: 'Fechar' }).first().click()
      const bank = page
        .getByTestId('bank-connection')
        .filter({ has: page.getByRole('heading', { name: 'Pluggy Bank MFA (sandbox)' }) })
      expect(await bank.getByTestId('connection-status').textContent()).toBe('Em dia')
      await context.close()
    })
  }

  it('closing the widget without connecting posts nothing; Reconectar updates the item in dia', async () => {
    const { page, context, posted, client } = await signedInPage({ width: 390, height: 844 })
    await page.getByRole('button', { name: 'Conectar banco' }).click()
    const frame = page.frameLocator('iframe[name^="__zoid__pluggy_connect_widget__"]')
    await frame.getByRole('button', { name: 'Fechar' }).click({ timeout: 20_000 })
    await page.locator('iframe[name^="__zoid__pluggy_connect_widget__"]').waitFor({
      state: 'detached',
    })
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(posted).toEqual([])

    // A connection whose password the bank refused (made as the widget would, with a token).
    const token = await client.post('/api/v1/connections/connect-token', undefined)
    const { connect_token } = (await token.json()) as { connect_token: string }
    const made = await fetch(`${fake.url}/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': connect_token },
      body: JSON.stringify({ connectorId: 2, parameters: { user: 'user-ok', password: 'errada' } }),
    })
    const itemId = ((await made.json()) as { id: string }).id
    expect((await client.post('/api/v1/connections', { item_id: itemId })).status).toBe(201)
    const bank = page
      .getByTestId('bank-connection')
      .filter({ has: page.getByRole('heading', { name: 'Pluggy Bank (sandbox)' }) })
    await page.reload()
    await bank.getByRole('button', { name: 'Reconectar' }).waitFor({ timeout: 20_000 })
    await bank.getByRole('button', { name: 'Reconectar' }).click()

    // The widget updates that item (updateItem), the web asks our server to read it again.
    await frame.getByRole('button', { name: 'Conectar' }).click({ timeout: 20_000 })
    await frame.getByText('Conectado', { exact: true }).waitFor()
    expect(fake.connectTokens.at(-1)?.itemId).toBe(itemId)
    await frame.getByRole('button', { name: 'Fechar' }).click()
    const dialog = page.getByRole('dialog', { name: 'Reconectar banco' })
    await dialog.getByTestId('connect-done').waitFor({ timeout: 20_000 })
    expect(posted).toEqual([])
    expect(await axeViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Fechar' }).first().click()
    expect(await bank.getByTestId('connection-status').textContent()).toBe('Em dia')
    await context.close()
  })
})
