import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASSWORD, signedInUser, signUp, TestClient } from '../../test/auth-client.ts'
import { emailsSettled } from '../../test/email-outbox.ts'
import { type FakeMeta, fakeMetaEnv, startFakeMeta } from '../../test/fake-meta.ts'
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe.ts'
import { type MailCatcher, startMailCatcher } from '../../test/mail-catcher.ts'
import { startTestServer, type TestServer } from '../../test/test-server.ts'
import { deliver, linkWhatsApp, repliesTo } from '../../test/whatsapp-kit.ts'
import { ownLedger } from '../tenancy/ledgers.queries.ts'
import { personColumns } from './person-tables.ts'

/**
 * LGPD self-service (ARCHITECTURE §8): a person takes their data (GET /api/me/export)
 * and leaves (DELETE /api/me) without writing to anyone, and nothing of them stays behind.
 */
let stripe: FakeStripe
let meta: FakeMeta
let mail: MailCatcher
let server: TestServer
beforeAll(async () => {
  stripe = await startFakeStripe()
  meta = await startFakeMeta()
  mail = await startMailCatcher()
  server = await startTestServer({
    ...fakeMetaEnv(meta),
    TRUST_PROXY: 'x-forwarded-for',
    WORKER: 'on',
    SMTP_URL: mail.url,
    STRIPE_SECRET_KEY: 'sk_test_equilibrai',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_equilibrai',
    STRIPE_API_BASE: stripe.url,
    STRIPE_PRICE_PF_SIMPLES: 'price_pf',
  })
})
afterAll(async () => {
  await server?.stop()
  await meta?.close()
  await stripe?.close()
  await mail?.close()
})

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error

type Person = Awaited<ReturnType<typeof signedInUser>> & {
  name: string
  waId: string
  customerId: string
  subscriptionId: string
}

/** Someone with a bit of everything: paid plan at Stripe, entries, WhatsApp, waitlist. */
async function busyPerson(): Promise<Person> {
  const name = `Zélia Exclusão ${randomInt(1e6)}`
  const signed = await signedInUser(server, { name, phone: '11988887777' })
  const { client, email, userId } = signed

  const checkout = await client.post('/api/billing/checkout-session', { priceId: 'price_pf' })
  expect(checkout.status).toBe(200)
  const sessionId = [...stripe.checkoutSessions.keys()].at(-1) ?? ''
  const { subscription } = stripe.completeCheckout(sessionId)
  // What the checkout.session.completed webhook records (its own tests cover that path).
  await server.database.pool.query(
    `update subscribers set plan_type = 'pf_simples', stripe_subscription_id = $2
      where user_id = $1`,
    [userId, subscription.id],
  )

  // A card named after the person (the deletion test looks for the name in every row) and a
  // transfer paying its bill: accounts and transfers are the person's data too.
  const card = await client.post('/api/v1/accounts', {
    name: `Cartão ${name}`,
    kind: 'credit_card',
    closing_day: 3,
    due_day: 10,
    last_digits: '4321',
  })
  expect(card.status).toBe(201)
  const cardId = ((await card.json()) as { id: number }).id
  for (const description of ['Mercado do mês', 'Farmácia']) {
    const res = await client.post('/api/v1/transactions', {
      type: 'expense',
      amount_cents: 4590,
      description,
      category: 'mercado',
      occurred_on: '2026-11-10',
      ...(description === 'Farmácia' ? { account_id: cardId } : {}),
    })
    expect(res.status).toBe(201)
  }
  const accounts = (await (await client.request('/api/v1/accounts')).json()) as {
    data: Array<{ id: number; is_default: boolean }>
  }
  const transfer = await client.post('/api/v1/transfers', {
    from_account_id: accounts.data.find((a) => a.is_default)?.id,
    to_account_id: cardId,
    amount_cents: 4590,
    occurred_on: '2026-11-12',
    description: `Fatura de ${name}`,
  })
  expect(transfer.status).toBe(201)

  const waId = `55119${String(randomInt(1e8)).padStart(8, '0')}`
  await linkWhatsApp(server, meta, client, waId)
  const before = meta.sentTo(waId).length
  await deliver(server, { from: waId, text: 'gastei 12 na padaria' })
  await repliesTo(meta, waId, before + 1)

  const waitlist = await fetch(`${server.url}/api/waitlist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client.ip },
    body: JSON.stringify({ nome: name, whatssapp: '11988887777', email }),
  })
  expect(waitlist.status).toBe(201)

  return {
    ...signed,
    name,
    waId,
    customerId: subscription.customer,
    subscriptionId: subscription.id,
  }
}

/** Every base table of the schema, each row as text, searched for each needle. */
async function tablesMentioning(needles: string[]): Promise<string[]> {
  const pool = server.database.pool
  const { rows: tables } = await pool.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  )
  const found: string[] = []
  for (const { name } of tables) {
    for (const needle of needles) {
      const { rows } = await pool.query<{ n: number }>(
        `select count(*)::int as n from "${name}" t where strpos(lower(t::text), lower($1)) > 0`,
        [needle],
      )
      if (rows[0]?.n) found.push(`${name} ∋ ${needle}`)
    }
  }
  return found
}

describe('GET /api/me/export', () => {
  it('answers 401 without a session', async () => {
    expect((await new TestClient(server).request('/api/me/export')).status).toBe(401)
  })

  it('downloads everything kept about the caller as one JSON file, without credentials', async () => {
    const person = await busyPerson()
    const other = await signedInUser(server, { name: 'Outra Pessoa' })
    const res = await person.client.request('/api/me/export')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="equilibrai-meus-dados-\d{4}-\d{2}-\d{2}\.json"$/,
    )
    expect(res.headers.get('cache-control')).toBe('no-store')
    const text = await res.text()
    const data = JSON.parse(text) as {
      format: string
      account: { id: string; email: string; name: string }
      login_methods: Array<{ provider: string }>
      sessions: unknown[]
      profile: { name: string; phone: string }
      subscription: { plan_type: string; stripe_subscription_id: string }
      ledger: { id: number }
      whatsapp: {
        link: { wa_id: string }
        messages_received: Array<{ payload: { text?: { body: string } } | null }>
        messages_sent: unknown[]
      }
      waitlist: Array<{ email: string }>
      records: Record<string, Array<Record<string, unknown>>>
    }
    expect(data.format).toBe('equilibrai.export.v1')
    expect(data.account).toMatchObject({
      id: person.userId,
      email: person.email,
      name: person.name,
    })
    expect(data.login_methods.map((m) => m.provider)).toEqual(['credential'])
    expect(data.sessions.length).toBeGreaterThanOrEqual(1)
    expect(data.profile).toMatchObject({ name: person.name, phone: '11988887777' })
    expect(data.subscription).toMatchObject({
      plan_type: 'pf_simples',
      stripe_subscription_id: person.subscriptionId,
    })
    expect(data.whatsapp.link.wa_id).toBe(person.waId)
    expect(data.whatsapp.messages_received.map((m) => m.payload?.text?.body)).toContain(
      'gastei 12 na padaria',
    )
    expect(data.whatsapp.messages_sent.length).toBeGreaterThanOrEqual(2)
    expect(data.waitlist.map((w) => w.email)).toEqual([person.email])
    const descriptions = (data.records.transactions ?? []).map((t) => t.description)
    expect(descriptions).toEqual(expect.arrayContaining(['Farmácia', 'Mercado do mês']))
    expect(descriptions).toHaveLength(3) // and the one from WhatsApp
    expect(data.records.ledger_month_totals?.length).toBeGreaterThan(0)
    expect((data.records.accounts ?? []).map((a) => a.name).sort()).toEqual(
      ['Conta principal', `Cartão ${person.name}`].sort(),
    )
    expect(data.records.accounts?.find((a) => a.kind === 'credit_card')).toMatchObject({
      closing_day: 3,
      due_day: 10,
      last_digits: '4321',
    })
    expect(data.records.transfers).toEqual([
      expect.objectContaining({ amount_cents: 4590, description: `Fatura de ${person.name}` }),
    ])
    // No password hash, no session token, nobody else.
    expect(text).not.toMatch(/scrypt|"password"|"token"/i)
    const token = person.client.sessionToken()?.split('.')[0] ?? 'none'
    expect(text).not.toContain(token)
    expect(text).not.toContain(other.userId)
    expect(text).not.toContain(other.email)
  })
})

describe('GET /api/me/export — credentials of the public API', () => {
  it("lists the caller's API keys and webhook endpoints without the key hash or signing secret", async () => {
    const { client, userId } = await signedInUser(server)
    const db = server.database.pool
    const { ledgerId } = await ownLedger(db, { userId })
    const keyHash = Buffer.from('hash-da-chave-secreta')
    await db.query(
      `insert into api_keys (user_id, name, prefix, key_hash) values ($1, 'Planilha', 'eq_live_ab12', $2)`,
      [userId, keyHash],
    )
    await db.query(
      `insert into webhook_endpoints (ledger_id, created_by, url, events, secret)
       values ($1, $2, 'https://exemplo.com.br/gancho', '{transaction.created}', 'whsec_segredo_123')`,
      [ledgerId, userId],
    )
    const res = await client.request('/api/me/export')
    expect(res.status).toBe(200)
    const text = await res.text()
    const records = (JSON.parse(text) as { records: Record<string, Record<string, unknown>[]> })
      .records
    expect(records.api_keys).toEqual([
      expect.objectContaining({ name: 'Planilha', prefix: 'eq_live_ab12' }),
    ])
    expect(records.webhook_endpoints).toEqual([
      expect.objectContaining({ url: 'https://exemplo.com.br/gancho' }),
    ])
    expect(Object.keys(records.api_keys?.[0] ?? {})).not.toContain('key_hash')
    expect(Object.keys(records.webhook_endpoints?.[0] ?? {})).not.toContain('secret')
    expect(text).not.toContain('whsec_segredo_123')
    expect(text).not.toContain(keyHash.toString('hex'))
  })
})

describe('DELETE /api/me', () => {
  it('needs the right password: wrong → 403, missing → 400, and nothing is deleted', async () => {
    const { client, userId } = await signedInUser(server)
    const wrong = await client.request('/api/me', {
      method: 'DELETE',
      json: { password: 'Outra-Senha-99' },
    })
    expect(wrong.status).toBe(403)
    expect(await errorOf(wrong)).toEqual({ code: 'INVALID_PASSWORD', message: 'Senha incorreta' })
    const missing = await client.request('/api/me', { method: 'DELETE', json: {} })
    expect(missing.status).toBe(400)
    expect((await errorOf(missing)).message).toBe('Senha é obrigatória')
    const { rows } = await server.database.pool.query('select 1 from profiles where id = $1', [
      userId,
    ])
    expect(rows).toHaveLength(1)
    expect((await client.request('/api/profile')).status).toBe(200)
  })

  it('deletes the account and everything of the person, cancels Stripe at once, confirms by e-mail, and the e-mail can sign up again', async () => {
    const person = await busyPerson()
    const bystander = await signedInUser(server, { name: 'Bia Fica' })
    // An alert naming the person on a ledger that is not theirs (one they owned before a team's
    // ownership moved): alerts.user_id has no foreign key (migration 041), so the account
    // deletion's sweep of user_id columns is what takes it.
    const theirs = await ownLedger(server.database.pool, { userId: bystander.userId })
    await server.database.pool.query(
      `insert into alerts (ledger_id, user_id, kind, category, text, dedupe_key)
       values ($1, $2, 'budget_80', 'mercado', 'Alerta antigo', 'budget_80:mercado:2026-01')`,
      [theirs.ledgerId, person.userId],
    )
    const since = mail.messages.length

    const res = await person.client.request('/api/me', {
      method: 'DELETE',
      json: { password: PASSWORD },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ deleted: true })
    expect(res.headers.getSetCookie().some((c) => /session_token=;.*Max-Age=0/.test(c))).toBe(true)

    // Stripe: the subscription was cancelled now, not at the period's end.
    expect(
      stripe.requests.some(
        (r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${person.subscriptionId}`,
      ),
    ).toBe(true)
    expect(stripe.subscriptions.get(person.subscriptionId)?.status).toBe('canceled')

    const notice = await mail.waitFor(person.email, {
      since,
      subject: 'Sua conta foi excluída — Equilibraí',
    })
    expect(notice.text).toContain('foi excluída')
    expect(notice.text).not.toContain('Zélia')
    // Sending the notice erased the address from the outbox (ADR 020).
    await emailsSettled(server)

    // Nothing of the person in any table: first every user-id-like column the catalogue knows
    // (tables other features add later included), then every row of every table as text.
    const columns = await personColumns(server.database.pool)
    expect(columns.map((c) => `${c.table}.${c.column}`)).toEqual(
      expect.arrayContaining([
        'session.userId',
        'account.userId',
        'subscribers.user_id',
        'ledgers.owner_user_id',
        'transactions.created_by',
        'whatsapp_links.user_id',
        'alerts.user_id',
      ]),
    )
    for (const { table, column } of columns) {
      const { rows } = await server.database.pool.query<{ n: number }>(
        `select count(*)::int as n from "${table}" where "${column}" = $1`,
        [person.userId],
      )
      expect(rows[0]?.n, `${table}.${column}`).toBe(0)
    }
    for (const [table, column] of [
      ['user', 'id'],
      ['profiles', 'id'],
    ] as const) {
      const { rows } = await server.database.pool.query(
        `select 1 from "${table}" where "${column}" = $1`,
        [person.userId],
      )
      expect(rows, table).toHaveLength(0)
    }
    expect(
      await tablesMentioning([
        person.userId,
        person.email,
        person.name,
        person.waId,
        person.customerId,
        person.subscriptionId,
      ]),
    ).toEqual([])

    // The old session is dead; the bystander is untouched; the e-mail is free again.
    expect((await person.client.request('/api/profile')).status).toBe(401)
    expect((await bystander.client.request('/api/profile')).status).toBe(200)
    const again = await signUp(new TestClient(server), { email: person.email, name: 'Zélia Volta' })
    expect(again.status).toBe(200)
  })

  it('asks a social-only account for a sign-in from the last 5 minutes instead of a password', async () => {
    const { client, userId, email } = await signedInUser(server)
    // As if the account came from Google: no password.
    await server.database.pool.query(
      `update "account" set "providerId" = 'google', password = null where "userId" = $1`,
      [userId],
    )
    await server.database.pool.query(
      `update "session" set "createdAt" = now() - interval '6 minutes' where "userId" = $1`,
      [userId],
    )
    const stale = await client.request('/api/me', { method: 'DELETE', json: {} })
    expect(stale.status).toBe(403)
    expect((await errorOf(stale)).code).toBe('REAUTHENTICATION_REQUIRED')

    await server.database.pool.query(
      `update "session" set "createdAt" = now() - interval '1 minute' where "userId" = $1`,
      [userId],
    )
    const fresh = await client.request('/api/me', { method: 'DELETE', json: {} })
    expect(fresh.status).toBe(200)
    await emailsSettled(server) // the notice, sent and erased (ADR 020)
    expect(await tablesMentioning([userId, email])).toEqual([])
  })

  it('refuses a cross-site deletion (403) like every other write', async () => {
    const { client } = await signedInUser(server)
    const res = await client.request('/api/me', {
      method: 'DELETE',
      json: { password: PASSWORD },
      headers: { origin: 'https://evil.example' },
    })
    expect(res.status).toBe(403)
    expect((await client.request('/api/profile')).status).toBe(200)
  })
})
