import type { PlanFeatures } from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import { signedInUser, type TestClient } from '../../test/auth-client.ts'
import { createTestDatabase } from '../../test/test-server.ts'
import { prepareBillingCatalog } from './demo-billing.ts'
import { useTestServer } from '../../test/use-test-database.ts'

/** Mode 'demo' (no STRIPE_SECRET_KEY outside production): the simulated checkout and portal. */
const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

async function subscriber(userId: string) {
  const { rows } = await server.database.pool.query(
    `select plan_type, subscription_status, current_period_end, stripe_customer_id,
            stripe_subscription_id
       from subscribers where user_id = $1`,
    [userId],
  )
  return rows[0]
}

async function url(res: Response): Promise<string> {
  expect(res.status).toBe(200)
  return ((await res.json()) as { url: string }).url
}

/** The path of one of our absolute URLs, for the test client. */
const pathOf = (absolute: string) => new URL(absolute).pathname

async function buy(client: TestClient, priceId: string) {
  const page = pathOf(await url(await client.post('/api/billing/checkout-session', { priceId })))
  return { page, confirm: await client.request(`${page}/confirm`, { method: 'POST' }) }
}

describe('demo mode', () => {
  it('gives every paid plan a demo price id the client can send', async () => {
    const plans = (await (await server.api('/api/plans')).json()) as PlanFeatures[]
    expect(plans.map((p) => [p.plan_type, p.stripe_price_id])).toEqual([
      ['free', null],
      ['pf_simples', 'demo_pf_simples'],
      ['empresas_2', 'demo_empresas_2'],
      ['empresas_15', 'demo_empresas_15'],
    ])
  })

  it('checkout: a labelled simulated page whose confirmation applies the plan at once', async () => {
    const { client, userId } = await signedInUser(server)
    const link = await url(
      await client.post('/api/billing/checkout-session', { priceId: 'demo_pf_simples' }),
    )
    expect(link).toMatch(
      new RegExp(`^${server.deps.env.PUBLIC_URL}/api/billing/demo/checkout/[\\w-]{32}$`),
    )
    const page = await client.request(pathOf(link))
    expect(page.status).toBe(200)
    const body = await page.text()
    expect(body).toContain('<h1>Pagamento simulado</h1>')
    expect(body).toContain('Pessoa Física')
    expect(body).toContain('R$ 19,90/mês')
    expect(body).toContain('Confirmar pagamento')

    const before = Date.now()
    const confirm = await client.request(`${pathOf(link)}/confirm`, { method: 'POST' })
    expect(confirm.status).toBe(303)
    expect(confirm.headers.get('location')).toBe(
      `${server.deps.env.PUBLIC_URL}/dashboard?checkout=success`,
    )
    const row = await subscriber(userId)
    expect(row).toMatchObject({
      plan_type: 'pf_simples',
      subscription_status: 'active',
      stripe_customer_id: null,
      stripe_subscription_id: `demo_sub_${userId}`,
    })
    const days = (row.current_period_end.getTime() - before) / 86_400_000
    expect(days).toBeGreaterThan(27)
    expect(days).toBeLessThan(32)
    const subscription = await (await client.request('/api/subscription')).json()
    expect(subscription).toMatchObject({
      plan_type: 'pf_simples',
      plan_features: { name: 'Pessoa Física' },
    })

    // A link works once.
    const again = await client.request(`${pathOf(link)}/confirm`, { method: 'POST' })
    expect(again.status).toBe(410)
    expect(await again.text()).toContain('Este link expirou ou já foi usado')
  })

  it('a link acts only for the user it was made for', async () => {
    const owner = await signedInUser(server)
    const other = await signedInUser(server)
    const link = pathOf(
      await url(
        await owner.client.post('/api/billing/checkout-session', { priceId: 'demo_empresas_2' }),
      ),
    )
    expect((await other.client.request(link)).status).toBe(410)
    expect((await other.client.request(`${link}/confirm`, { method: 'POST' })).status).toBe(410)
    expect((await subscriber(other.userId)).plan_type).toBe('free')
    expect((await subscriber(owner.userId)).plan_type).toBe('free')

    const anonymous = await fetch(`${server.url}${link}`, { redirect: 'manual' })
    expect(anonymous.status).toBe(303)
    expect(anonymous.headers.get('location')).toBe('/auth')
  })

  it('moves between plans and back to free through the simulated portal', async () => {
    const { client, userId } = await signedInUser(server)
    expect((await buy(client, 'demo_pf_simples')).confirm.status).toBe(303)
    expect((await buy(client, 'demo_empresas_15')).confirm.status).toBe(303)
    expect((await subscriber(userId)).plan_type).toBe('empresas_15')
    const same = await client.post('/api/billing/checkout-session', {
      priceId: 'demo_empresas_15',
    })
    expect(same.status).toBe(409)

    const portal = pathOf(await url(await client.post('/api/billing/portal-session', {})))
    expect(portal).toMatch(/^\/api\/billing\/demo\/portal\/[\w-]{32}$/)
    const page = await (await client.request(portal)).text()
    expect(page).toContain('Portal de assinaturas (simulado)')
    expect(page).toContain('Empresas 15')
    expect(page).toContain('Próxima renovação')
    const cancel = await client.request(`${portal}/cancel`, { method: 'POST' })
    expect(cancel.status).toBe(303)
    expect(cancel.headers.get('location')).toBe(`${server.deps.env.PUBLIC_URL}/dashboard`)
    expect(await subscriber(userId)).toMatchObject({
      plan_type: 'free',
      subscription_status: 'active',
      current_period_end: null,
      stripe_subscription_id: null,
    })
    const subscription = await (await client.request('/api/subscription')).json()
    expect(subscription).toMatchObject({ plan_type: 'free' })
  })

  it('a user with nothing to manage gets 409 from the portal', async () => {
    const { client } = await signedInUser(server)
    const res = await client.post('/api/billing/portal-session', {})
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({
      error: { code: 'NO_SUBSCRIPTION', message: 'Você ainda não tem uma assinatura.' },
    })
  })

  it('has no Stripe webhook', async () => {
    const res = await server.api('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      body: '{}',
    })
    expect(res.status).toBe(404)
  })
})

describe('the catalog follows the billing mode at start', () => {
  it('invents demo ids only for a catalog without real prices, and removes them with Stripe', async () => {
    const database = await createTestDatabase()
    const db = database.pool
    const prices = async () =>
      (
        await db.query<{ plan_type: string; stripe_price_id: string | null }>(
          'select plan_type, stripe_price_id from plan_features order by price_monthly',
        )
      ).rows.map((r) => r.stripe_price_id)
    try {
      await db.query(
        `update plan_features set stripe_price_id = 'price_real' where plan_type = 'pf_simples'`,
      )
      await prepareBillingCatalog(db, 'demo')
      expect(await prices()).toEqual([null, 'price_real', null, null])

      await db.query(`update plan_features set stripe_price_id = null`)
      await prepareBillingCatalog(db, 'demo')
      await prepareBillingCatalog(db, 'demo')
      expect(await prices()).toEqual([
        null,
        'demo_pf_simples',
        'demo_empresas_2',
        'demo_empresas_15',
      ])

      // A simulated purchase does not survive into Stripe (or production without it).
      await db.query(
        `insert into "user" (id, name, email, "emailVerified") values ('u1', 'Ana', 'a@x.com', true)`,
      )
      await db.query(`insert into profiles (id, name, email) values ('u1', 'Ana', 'a@x.com')`)
      await db.query(
        `insert into subscribers (user_id, plan_type, stripe_subscription_id, current_period_end)
         values ('u1', 'empresas_2', 'demo_sub_u1', now())`,
      )
      await prepareBillingCatalog(db, 'off')
      expect(await prices()).toEqual([null, null, null, null])
      const { rows } = await db.query(
        'select plan_type, stripe_subscription_id, current_period_end from subscribers',
      )
      expect(rows).toEqual([
        { plan_type: 'free', stripe_subscription_id: null, current_period_end: null },
      ])
    } finally {
      await database.close()
    }
  })
})

describe('production without Stripe', () => {
  const production = useTestServer({
    NODE_ENV: 'production',
    TRUST_PROXY: 'x-forwarded-for',
    SMTP_URL: 'smtp://127.0.0.1:1',
    STRIPE_PRICE_PF_SIMPLES: 'price_pf_configured',
  })

  it('answers that paid plans are not for sale, and has no simulated pages', async () => {
    const { client } = await signedInUser(production)
    const res = await client.post('/api/billing/checkout-session', {
      priceId: 'price_pf_configured',
    })
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({
      error: { code: 'PLAN_NOT_FOR_SALE', message: 'Este plano não está disponível para compra' },
    })
    expect(
      (await client.post('/api/billing/checkout-session', { priceId: 'demo_pf_simples' })).status,
    ).toBe(400)
    expect((await client.post('/api/billing/portal-session', {})).status).toBe(409)
    expect((await client.request('/api/billing/demo/checkout/x')).status).toBe(404)
  })
})
