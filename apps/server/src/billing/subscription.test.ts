import { describe, expect, it } from 'vitest'
import { signedInUser, TestClient } from '../../test/auth-client.ts'
import { setPlanByEmail } from '../app/cli/commands/accounts.ts'
import { useTestServer } from '../../test/use-test-database.ts'

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

describe('GET /api/subscription', () => {
  it('answers 401 without a session', async () => {
    expect((await new TestClient(server).request('/api/subscription')).status).toBe(401)
  })

  it("returns the user's own row with its plan nested, free after sign-up", async () => {
    const { client, userId } = await signedInUser(server)
    const res = await client.request('/api/subscription')
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown> & {
      plan_features: { features: Record<string, boolean> }
    }
    expect(body).toMatchObject({
      user_id: userId,
      plan_type: 'free',
      subscription_status: 'active',
      monthly_transactions: 0,
      current_period_end: null,
      has_stripe_customer: false,
      plan_features: {
        plan_type: 'free',
        name: 'Gratuito',
        price_monthly: 0,
        max_monthly_transactions: 5,
        max_users: 1,
      },
    })
    expect(Object.keys(body.plan_features.features)[0]).toBe('controle_financeiro')
  })

  it('says whether the person has a customer at Stripe, never which', async () => {
    // A former payer: Stripe ended the subscription, the customer (invoices, cards) stays.
    const { client, userId } = await signedInUser(server)
    await server.database.pool.query(
      `update subscribers set stripe_customer_id = 'cus_former_payer' where user_id = $1`,
      [userId],
    )
    const res = await client.request('/api/subscription')
    const text = await res.text()
    expect(JSON.parse(text)).toMatchObject({ plan_type: 'free', has_stripe_customer: true })
    expect(text).not.toContain('cus_former_payer')
  })

  it('follows a plan change (set-plan)', async () => {
    const { client, email } = await signedInUser(server)
    await setPlanByEmail(server.database.pool, email, 'empresas_2')
    const body = (await (await client.request('/api/subscription')).json()) as {
      plan_type: string
      plan_features: { name: string; max_users: number }
    }
    expect(body.plan_type).toBe('empresas_2')
    expect(body.plan_features).toMatchObject({ name: 'Empresas 2', max_users: 2 })
  })

  it('counts only the current month', async () => {
    const { client, userId } = await signedInUser(server)
    await server.database.pool.query(
      `update subscribers set monthly_transactions = 4, counter_month = '2000-01' where user_id = $1`,
      [userId],
    )
    const body = (await (await client.request('/api/subscription')).json()) as {
      monthly_transactions: number
    }
    expect(body.monthly_transactions).toBe(0)
  })

  it('shows the same count as /api/v1/usage as entries come and go', async () => {
    const { client } = await signedInUser(server)
    const counts = async () => {
      const subscription = (await (await client.request('/api/subscription')).json()) as {
        monthly_transactions: number
      }
      const usage = (await (await client.request('/api/v1/usage')).json()) as { used: number }
      return [subscription.monthly_transactions, usage.used]
    }
    const entry = (description: string) => ({
      type: 'expense',
      amount_cents: 1_000,
      description,
      category: 'mercado',
      occurred_on: new Date().toISOString().slice(0, 10),
    })
    const first = await client.post('/api/v1/transactions', entry('feira'))
    expect(first.status).toBe(201)
    expect((await client.post('/api/v1/transactions', entry('padaria'))).status).toBe(201)
    expect(await counts()).toEqual([2, 2])
    const { id } = (await first.json()) as { id: number }
    expect((await client.request(`/api/v1/transactions/${id}`, { method: 'DELETE' })).status).toBe(
      204,
    )
    expect(await counts()).toEqual([1, 1])
  })
})
