import {
  type Account,
  accountListSchema,
  type Connection,
  connectionListSchema,
  connectionSchema,
  connectorListSchema,
  transactionPageSchema,
  transferListSchema,
} from '@equilibrai/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASSWORD, signedInUser } from '../../../test/auth-client.ts'
import { expectContract } from '../../../test/contract.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { dayIso, FakePluggy } from './fake-pluggy/fake-pluggy.ts'

/*
 * Open Finance end to end (ARCHITECTURE §11): the real server and job runner on a fresh
 * PostgreSQL, pluggy-sdk pointed at the local fake of Pluggy's API over real HTTP, webhooks
 * from the fake back to the server.
 */

const SECRET = 'segredo-do-webhook-de-teste-123'
let fake: FakePluggy
let server: TestServer

beforeAll(async () => {
  fake = new FakePluggy({ settleMs: 10 })
  await fake.start()
  server = await startTestServer({
    WORKER: 'on',
    TRUST_PROXY: 'x-forwarded-for',
    PLUGGY_CLIENT_ID: 'test-client',
    PLUGGY_CLIENT_SECRET: 'test-secret',
    PLUGGY_BASE_URL: fake.url,
    PLUGGY_WEBHOOK_SECRET: SECRET,
  })
})
afterAll(async () => {
  await server?.stop()
  await fake?.stop()
})

type User = Awaited<ReturnType<typeof signedInUser>>

async function user(plan = 'pf_simples'): Promise<User> {
  const u = await signedInUser(server)
  await server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    u.userId,
    plan,
  ])
  return u
}

const sandbox = { user: 'user-ok', password: 'password-ok' }

async function connect(u: User, connectorId = 2, credentials = sandbox) {
  const res = await u.client.post('/api/v1/connections', { connector_id: connectorId, credentials })
  expect(res.status, await res.clone().text()).toBe(201)
  return expectContract(connectionSchema, await res.json())
}

async function connections(u: User): Promise<Connection[]> {
  const res = await u.client.request('/api/v1/connections')
  expect(res.status).toBe(200)
  return expectContract(connectionListSchema, await res.json()).data
}

async function until(u: User, id: number, status: Connection['status']) {
  let last: Connection | undefined
  await expect
    .poll(
      async () => {
        last = (await connections(u)).find((c) => c.id === id)
        return last?.status
      },
      { timeout: 15_000, interval: 50 },
    )
    .toBe(status)
  return last as Connection
}

async function accounts(u: User): Promise<Account[]> {
  const res = await u.client.request('/api/v1/accounts')
  return expectContract(accountListSchema, await res.json()).data
}

async function entries(u: User) {
  const res = await u.client.request('/api/v1/transactions?from=2000-01-01&to=2100-12-31&limit=100')
  return expectContract(transactionPageSchema, await res.json()).data
}

async function transfers(u: User) {
  const res = await u.client.request('/api/v1/transfers')
  return expectContract(transferListSchema, await res.json()).data
}

function itemOf(institutionItem: string | undefined) {
  return [...fake.items.values()].find((i) => i.id === institutionItem)
}

async function itemIdOf(connectionId: number) {
  const { rows } = await server.database.pool.query<{ item_id: string }>(
    'select item_id from bank_connections where id = $1',
    [connectionId],
  )
  return rows[0]?.item_id ?? ''
}

function webhook(body: unknown, secret: string | null = SECRET) {
  const q = secret === null ? '' : `?secret=${encodeURIComponent(secret)}`
  return fetch(`${server.url}/api/webhooks/pluggy${q}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

describe('Open Finance connections', () => {
  it('the free plan lists (empty) but may not connect: 403 FEATURE_NOT_IN_PLAN', async () => {
    const u = await user('free')
    expect(await connections(u)).toEqual([])
    const res = await u.client.post('/api/v1/connections', {
      connector_id: 2,
      credentials: sandbox,
    })
    expect(res.status).toBe(403)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      'FEATURE_NOT_IN_PLAN',
    )
  })

  it('offers the sandbox connectors in this mode', async () => {
    const u = await user()
    const res = await u.client.request('/api/v1/connections/connectors')
    const answer = expectContract(connectorListSchema, await res.json())
    expect(answer.mode).toBe('demo')
    const list = answer.data
    expect(list.map((c) => c.id)).toEqual([2, 3])
    expect(list[0]?.credentials.map((c) => c.name)).toEqual(['user', 'password'])
  })

  it('bad input answers 400 in the error shape, never 500', async () => {
    const u = await user()
    for (const body of [
      {},
      { connector_id: 'x' },
      { connector_id: 2, credentials: {} },
      { item_id: '' },
    ]) {
      const res = await u.client.post('/api/v1/connections', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        'VALIDATION_ERROR',
      )
    }
    const raw = await u.client.request('/api/v1/connections', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    })
    expect(raw.status).toBe(400)
    const unknown = await u.client.post('/api/v1/connections', { item_id: 'no-such-item' })
    expect(unknown.status).toBe(422)
    const c = await connect(u)
    const mfa = await u.client.post(`/api/v1/connections/${c.id}/mfa`, { code: '' })
    expect(mfa.status).toBe(400)
    const notWaiting = await u.client.post(`/api/v1/connections/${c.id}/mfa`, { code: '123456' })
    expect(notWaiting.status).toBe(409)
  })

  it('connects the sandbox bank: accounts, card, balances, entries, transfers, dates', async () => {
    const u = await user()
    // Typed on WhatsApp before the bank came in: the bank's row matches it, no second entry.
    const typed = await u.client.post('/api/v1/transactions', {
      type: 'expense',
      amount_cents: 24390,
      description: 'mercado pão de açúcar',
      category: 'mercado',
      occurred_on: dayIso(new Date(), 2).slice(0, 10),
    })
    expect(typed.status, await typed.clone().text()).toBe(201)
    const typedId = ((await typed.json()) as { id: number }).id

    const c = await connect(u)
    expect(c.status).toBe('syncing')
    expect(c.institution).toBe('Pluggy Bank (sandbox)')
    expect(c.last_synced_at).toBeNull()
    const ok = await until(u, c.id, 'ok')
    expect(ok.last_synced_at).not.toBeNull()

    const list = await accounts(u)
    const checking = list.find((a) => a.name === 'Conta Corrente Pluggy')
    const card = list.find((a) => a.name === 'Cartão Pluggy Platinum')
    expect(checking).toMatchObject({ kind: 'checking', balance_cents: 245075 })
    expect(card).toMatchObject({
      kind: 'credit_card',
      balance_cents: -61240,
      closing_day: 5,
      due_day: 12,
      limit_cents: 500000,
      last_digits: '4321',
    })

    const all = await entries(u)
    const on = (id: number | undefined) => all.filter((e) => e.account_id === id)
    // 9 on the checking account: one pending (waits), one bill payment (the card's side records
    // it), one matched (the typed entry stays where it was) → 6 new.
    expect(on(checking?.id)).toHaveLength(6)
    expect(all.filter((e) => e.amount_cents === 24390)).toHaveLength(1)
    expect(all.find((e) => e.amount_cents === 24390)?.id).toBe(typedId)
    expect(all.some((e) => e.description.includes('PADARIA'))).toBe(false)
    // Card: 5 purchases/refund recorded with the right sign; the payment is a transfer.
    const cardEntries = on(card?.id)
    expect(cardEntries).toHaveLength(6)
    expect(cardEntries.find((e) => e.description === 'ESTORNO LOJA ONLINE')?.type).toBe('income')
    expect(cardEntries.find((e) => e.description === 'NETFLIX.COM')).toMatchObject({
      type: 'expense',
      amount_cents: 5590,
    })
    const installment = cardEntries.find((e) => e.description.includes('PARCELA 1/3'))
    expect(installment?.occurred_on).toBe(dayIso(new Date(), 30).slice(0, 10))
    const salary = all.filter((e) => e.description === 'SALARIO EMPRESA SANDBOX LTDA')
    expect(salary.map((e) => e.type)).toEqual(['income', 'income', 'income'])
    expect(salary.every((e) => e.category !== null)).toBe(true)
    const payments = (await transfers(u)).filter((t) => t.to_account_id === card?.id)
    expect(payments).toEqual([
      expect.objectContaining({ from_account_id: checking?.id, amount_cents: 95020 }),
    ])

    // A sync again records nothing twice.
    const again = await u.client.post(`/api/v1/connections/${c.id}/sync`, {})
    expect(again.status).toBe(202)
    await until(u, c.id, 'ok')
    await waitIdle()
    expect(await entries(u)).toHaveLength(all.length)
  })

  it('a transaction dated late in the UTC day keeps its calendar date', async () => {
    const u = await user()
    const c = await connect(u)
    await until(u, c.id, 'ok')
    const item = await itemIdOf(c.id)
    const checking = fake.accountsOf(item).find((a) => a.type === 'BANK')
    fake.addTransactions(checking?.id ?? '', [
      {
        date: '2026-01-31T23:30:00.000Z',
        description: 'PIX TARDE DA NOITE',
        type: 'DEBIT',
        amount: -7.77,
      },
    ])
    const res = await u.client.post(`/api/v1/connections/${c.id}/sync`, {})
    expect(res.status).toBe(202)
    await expect
      .poll(async () => (await entries(u)).find((e) => e.amount_cents === 777)?.occurred_on, {
        timeout: 15_000,
      })
      .toBe('2026-01-31')
  })

  it('a wrong password answers 201, then login_error and one WhatsApp message', async () => {
    const u = await user()
    const c = await connect(u, 2, { user: 'user-ok', password: 'errada' })
    const failed = await until(u, c.id, 'login_error')
    expect(failed.error).toMatch(/senha/)
    await waitIdle()
    const { rows } = await server.database.pool.query(
      `select payload from whatsapp_outbound where user_id = $1 and idempotency_key like 'bank-connection:%'`,
      [u.userId],
    )
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows[0]?.payload)).toContain('Pluggy Bank')
    // Reconnecting with the right password brings it back.
    const re = await u.client.post(`/api/v1/connections/${c.id}/reconnect`, {
      credentials: sandbox,
    })
    expect(re.status, await re.clone().text()).toBe(200)
    await until(u, c.id, 'ok')
  })

  it('a bank that asks for a code: needs_action, then the code, then ok', async () => {
    const u = await user()
    const c = await connect(u, 3)
    const waiting = await until(u, c.id, 'needs_action')
    expect(waiting.mfa?.label).toMatch(/Código/)
    const res = await u.client.post(`/api/v1/connections/${c.id}/mfa`, { code: '123456' })
    expect(res.status, await res.clone().text()).toBe(200)
    await until(u, c.id, 'ok')
    expect((await accounts(u)).some((a) => a.kind === 'credit_card')).toBe(true)
  })

  it("another ledger's connection is not found: 404 everywhere", async () => {
    const owner = await user()
    const other = await user()
    const c = await connect(owner)
    await until(owner, c.id, 'ok')
    for (const [method, path] of [
      ['POST', `/api/v1/connections/${c.id}/sync`],
      ['POST', `/api/v1/connections/${c.id}/mfa`],
      ['DELETE', `/api/v1/connections/${c.id}`],
    ] as const) {
      const res =
        method === 'DELETE'
          ? await other.client.request(path, { method })
          : await other.client.post(path, path.endsWith('mfa') ? { code: '123456' } : {})
      expect(res.status, path).toBe(404)
    }
    expect(await connections(other)).toEqual([])
    expect(await connections(owner)).toHaveLength(1)
  })

  it('webhooks: secret required, each event once, created/updated/deleted applied after a re-read', async () => {
    const u = await user()
    const c = await connect(u)
    await until(u, c.id, 'ok')
    await waitIdle()
    const itemId = await itemIdOf(c.id)
    const checking = fake.accountsOf(itemId).find((a) => a.type === 'BANK')?.id ?? ''
    const [added] = fake.addTransactions(checking, [
      {
        date: dayIso(new Date(), 1),
        description: 'PIX ENVIADO FEIRA',
        type: 'DEBIT',
        amount: -42.1,
      },
    ])
    const event = {
      event: 'transactions/created',
      eventId: `evt-${c.id}-1`,
      itemId,
      accountId: checking,
      transactionsCreatedAtFrom: new Date().toISOString(),
    }
    expect((await webhook(event, null)).status).toBe(401)
    expect((await webhook(event, 'segredo-errado-segredo-errado')).status).toBe(401)
    expect((await webhook({ nada: true })).status).toBe(400)
    const first = await webhook(event)
    expect(first.status).toBe(200)
    expect(((await first.json()) as { result: string }).result).toBe('queued')
    const second = await webhook(event)
    expect(((await second.json()) as { result: string }).result).toBe('duplicate')
    await expect
      .poll(async () => (await entries(u)).filter((e) => e.amount_cents === 4210).length, {
        timeout: 15_000,
      })
      .toBe(1)

    fake.updateTransaction(added?.id ?? '', {
      amount: -45.5,
      description: 'PIX ENVIADO FEIRA LIVRE',
    })
    await webhook({
      event: 'transactions/updated',
      eventId: `evt-${c.id}-2`,
      itemId,
      accountId: checking,
      transactionIds: [added?.id],
    })
    await expect
      .poll(
        async () =>
          (await entries(u)).find((e) => e.description === 'PIX ENVIADO FEIRA LIVRE')?.amount_cents,
        { timeout: 15_000 },
      )
      .toBe(4550)

    fake.deleteTransaction(added?.id ?? '')
    await webhook({
      event: 'transactions/deleted',
      eventId: `evt-${c.id}-3`,
      itemId,
      accountId: checking,
      transactionIds: [added?.id],
    })
    await expect
      .poll(
        async () => (await entries(u)).some((e) => e.description.startsWith('PIX ENVIADO FEIRA')),
        { timeout: 15_000 },
      )
      .toBe(false)
  })

  it("the aggregator's 429 and 5xx are retried with backoff until the sync succeeds", async () => {
    const u = await user()
    const c = await connect(u)
    await until(u, c.id, 'ok')
    await waitIdle()
    const itemId = await itemIdOf(c.id)
    const checking = fake.accountsOf(itemId).find((a) => a.type === 'BANK')?.id ?? ''
    fake.addTransactions(checking, [
      { date: dayIso(new Date(), 0), description: 'DEPOIS DA FALHA', type: 'DEBIT', amount: -3.33 },
    ])
    const res = await u.client.post(`/api/v1/connections/${c.id}/sync`, {})
    expect(res.status).toBe(202)
    fake.failNext(3, 429)
    await expect
      .poll(
        async () => (await entries(u)).filter((e) => e.description === 'DEPOIS DA FALHA').length,
        { timeout: 20_000 },
      )
      .toBe(1)
    await until(u, c.id, 'ok')
  })

  it('disconnect with delete_data removes what it created, never typed entries, and the item', async () => {
    const u = await user()
    const typed = await u.client.post('/api/v1/transactions', {
      type: 'expense',
      amount_cents: 24390,
      description: 'supermercado',
      category: 'mercado',
      occurred_on: dayIso(new Date(), 3).slice(0, 10),
    })
    const typedId = ((await typed.json()) as { id: number }).id
    const c = await connect(u)
    await until(u, c.id, 'ok')
    await waitIdle()
    const itemId = await itemIdOf(c.id)
    expect((await accounts(u)).length).toBe(3)
    const res = await u.client.request(`/api/v1/connections/${c.id}?delete_data=true`, {
      method: 'DELETE',
    })
    expect(res.status).toBe(204)
    expect(itemOf(itemId)).toBeUndefined()
    expect(await connections(u)).toEqual([])
    expect((await accounts(u)).map((a) => a.name)).toEqual(['Conta principal'])
    expect((await entries(u)).map((e) => e.id)).toEqual([typedId])
    expect(await transfers(u)).toEqual([])
  })

  it('disconnect without delete_data keeps accounts and entries', async () => {
    const u = await user()
    const c = await connect(u)
    await until(u, c.id, 'ok')
    await waitIdle()
    const before = (await entries(u)).length
    const res = await u.client.request(`/api/v1/connections/${c.id}`, { method: 'DELETE' })
    expect(res.status).toBe(204)
    expect((await accounts(u)).length).toBe(3)
    expect((await entries(u)).length).toBe(before)
    expect(await connections(u)).toEqual([])
  })

  it('LGPD: the export lists connections without the item id; deleting the account deletes the item', async () => {
    const u = await user()
    const c = await connect(u)
    await until(u, c.id, 'ok')
    await waitIdle()
    const itemId = await itemIdOf(c.id)
    const res = await u.client.request('/api/me/export')
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(text).not.toContain(itemId)
    const exported = (JSON.parse(text) as { records: Record<string, unknown[]> }).records
    expect(exported.bank_connections).toEqual([
      expect.objectContaining({ institution: 'Pluggy Bank (sandbox)', status: 'ok' }),
    ])
    expect(itemOf(itemId)).toBeDefined()
    const gone = await u.client.request('/api/me', {
      method: 'DELETE',
      json: { password: PASSWORD },
    })
    expect(gone.status, await gone.clone().text()).toBe(200)
    expect(itemOf(itemId)).toBeUndefined()
    const { rows } = await server.database.pool.query(
      'select 1 from bank_connections where id = $1',
      [c.id],
    )
    expect(rows).toEqual([])
  })
})

async function waitIdle() {
  const { waitForIdleJobs } = await import('../../../test/job-queue.ts')
  await waitForIdleJobs(server.database.pool)
}
