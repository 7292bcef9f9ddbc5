import { randomBytes } from 'node:crypto'
import type { ConsoleMessage } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../apps/server/test/auth-client.ts'
import { hashToken } from '../apps/server/src/teams/team-service.ts'
import { startReceiver } from '../apps/server/test/webhook-receiver.ts'
import { verifySignature } from '../apps/server/src/integrations/signature.ts'
import { type E2E, startE2E } from './harness.ts'

/**
 * /integracoes and /docs/api in a real browser: a key created, shown once, used with curl's
 * equivalent and revoked; a webhook endpoint registered and its test event received signed;
 * the upgrade prompt for other plans; the API reference rendering under the strict CSP.
 */
let e2e: E2E
let receiver: Awaited<ReturnType<typeof startReceiver>>
beforeAll(async () => {
  e2e = await startE2E({ TRUST_PROXY: 'x-forwarded-for', WORKER: 'on' })
  receiver = await startReceiver()
})
afterAll(async () => {
  await receiver?.close()
  await e2e?.close()
})

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

describe('/integracoes', () => {
  it('creates an API key shown once, which works until it is revoked', async () => {
    const { page, context } = await signedInPage('empresas_15')
    await page.goto('/integracoes')
    await page.getByLabel('Nome da chave').fill('ERP da loja')
    await page.getByRole('button', { name: 'Criar chave' }).click()
    const key = (await page.getByTestId('secret-reveal').locator('code').textContent()) ?? ''
    expect(key).toMatch(/^eqk_/)
    const list = page.getByRole('list', { name: 'Chaves de API' })
    await expect.poll(() => list.getByText('ERP da loja').count()).toBe(1)
    expect(await list.textContent()).not.toContain(key)

    const call = () =>
      fetch(`${e2e.server.url}/api/v1/transactions`, {
        headers: { authorization: `Bearer ${key}` },
      })
    expect((await call()).status).toBe(200)

    await list.getByRole('button', { name: 'Revogar' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Revogar' }).click()
    await expect.poll(() => page.getByText('Nenhuma chave criada ainda.').count()).toBe(1)
    expect((await call()).status).toBe(401)
    await context.close()
  })

  it('registers a webhook endpoint and delivers a signed test event', async () => {
    const { page, context } = await signedInPage('empresas_15')
    await page.goto('/integracoes')
    await page.getByLabel('URL do endpoint').fill(receiver.url)
    await page.getByRole('button', { name: 'Cadastrar endpoint' }).click()
    const secret = (await page.getByTestId('secret-reveal').locator('code').textContent()) ?? ''
    expect(secret).toMatch(/^whsec_/)
    const endpoints = page.getByRole('list', { name: 'Endpoints de webhook' })
    await endpoints.getByRole('button', { name: 'Enviar evento de teste' }).click()
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1)
    const got = receiver.received[0]
    expect(
      verifySignature(secret, String(got?.headers['equilibrai-signature']), got?.body ?? ''),
    ).toBe(true)
    await endpoints.getByRole('button', { name: 'Histórico de entregas' }).click()
    await expect
      .poll(() => page.getByRole('dialog').getByText('Entregue').count(), { timeout: 15_000 })
      .toBe(1)
    await context.close()
  })

  it("shows the owner a member's endpoint with its creator, and only the actions the owner may take", async () => {
    // Issue 25: the page offered the owner a new secret and a test event on a member's endpoint,
    // which the server refuses (they are the creator's alone); only the log and delete are theirs.
    const owner = await signedInPage('empresas_15')
    const member = await signedInUser(e2e.server, { name: 'Beto Membro' })
    const invite = await owner.client.post('/api/team/invitations', { email: member.email })
    expect(invite.status).toBe(201)
    const token = randomBytes(32).toString('base64url')
    await e2e.server.database.pool.query(
      'update team_invitations set token_hash = $2 where email = $1 and accepted_at is null',
      [member.email, hashToken(token)],
    )
    expect((await member.client.post(`/api/team/invitations/${token}/accept`, {})).status).toBe(200)
    const register = async (client: typeof member.client, path: string) => {
      const res = await client.post('/api/v1/webhook-endpoints', {
        url: `${receiver.url}/${path}`,
        events: ['transaction.created'],
      })
      expect(res.status).toBe(201)
    }
    await register(member.client, 'do-beto')
    await register(owner.client, 'da-dona')

    const { page, context } = owner
    await page.goto('/integracoes')
    const endpoints = page.getByRole('list', { name: 'Endpoints de webhook' })
    await expect.poll(() => endpoints.getByRole('listitem').count()).toBe(2)
    const theirs = endpoints.getByRole('listitem').filter({ hasText: '/do-beto' })
    const mine = endpoints.getByRole('listitem').filter({ hasText: '/da-dona' })
    expect(await theirs.getByText('Cadastrado por Beto Membro').count()).toBe(1)
    expect(await mine.getByText('Cadastrado por você').count()).toBe(1)
    const buttons = async (item: typeof mine) =>
      (await item.getByRole('button').allTextContents()).map((t) => t.trim())
    expect(await buttons(theirs)).toEqual(['Histórico de entregas', 'Excluir'])
    expect(await buttons(mine)).toEqual([
      'Enviar evento de teste',
      'Histórico de entregas',
      'Gerar novo segredo',
      'Excluir',
    ])

    // What the owner is offered works: deleting the member's endpoint.
    await theirs.getByRole('button', { name: 'Excluir' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click()
    await expect.poll(() => endpoints.getByRole('listitem').count()).toBe(1)
    expect(await endpoints.getByText('/da-dona').count()).toBe(1)
    await context.close()
  })

  it('shows the upgrade prompt on plans without the features', async () => {
    const { page, context } = await signedInPage('empresas_2')
    await page.goto('/integracoes')
    await expect.poll(() => page.getByTestId('integrations-upgrade').count()).toBe(1)
    expect(await page.getByText('Disponível no plano Empresas 15').count()).toBe(1)
    expect(await page.getByLabel('Nome da chave').count()).toBe(0)
    await context.close()
  })
})

describe('/docs/api', () => {
  it('renders the API reference from our origin with no CSP violation', async () => {
    const { page, context } = await e2e.newPage()
    const problems: string[] = []
    page.on('console', (message: ConsoleMessage) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text())
    })
    const external: string[] = []
    page.on('request', (request) => {
      if (!request.url().startsWith(e2e.server.url) && !request.url().startsWith('data:')) {
        external.push(request.url())
      }
    })
    await page.goto('/docs/api')
    await expect
      .poll(() => page.getByText('API do Equilibraí').first().isVisible(), { timeout: 20_000 })
      .toBe(true)
    await expect
      .poll(() => page.getByText('Registra um lançamento').first().count(), { timeout: 20_000 })
      .toBeGreaterThan(0)
    expect(await page.getByText('Verificando a assinatura (Node.js)').count()).toBeGreaterThan(0)
    expect(problems).toEqual([])
    expect(external).toEqual([])
    await context.close()
  })
})
