import {
  type Connection,
  connectionListSchema,
  connectionSchema,
  transactionPageSchema,
} from '@equilibrai/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../../../test/auth-client.ts'
import { waitForIdleJobs } from '../../../test/job-queue.ts'
import { expectContract } from '../../../test/contract.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { runTaskCommand } from '../../app/cli/commands/run-task.ts'
import { dayIso, FakePluggy } from './fake-pluggy/fake-pluggy.ts'
import { queueDailySyncs } from './open-finance.run.ts'

/*
 * The consent about to expire (ARCHITECTURE §11): the daily run reads every connection; a
 * consent ending within seven days sends one WhatsApp message per connection per expiry date,
 * however many times the run goes, and the API shows the date. Real server, job runner and
 * PostgreSQL; pluggy-sdk against the local fake over HTTP.
 */

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
    PLUGGY_WEBHOOK_SECRET: 'segredo-do-webhook-de-teste-456',
  })
})
afterAll(async () => {
  await server?.stop()
  await fake?.stop()
})

type User = Awaited<ReturnType<typeof signedInUser>>
const DAY = 86_400_000

async function payingUser(): Promise<User> {
  const u = await signedInUser(server)
  await server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    u.userId,
    'pf_simples',
  ])
  return u
}

async function connectionOf(u: User, id: number): Promise<Connection | undefined> {
  const res = await u.client.request('/api/v1/connections')
  return expectContract(connectionListSchema, await res.json()).data.find((c) => c.id === id)
}

async function connected(u: User): Promise<Connection> {
  const res = await u.client.post('/api/v1/connections', {
    connector_id: 2,
    credentials: { user: 'user-ok', password: 'password-ok' },
  })
  expect(res.status).toBe(201)
  const c = expectContract(connectionSchema, await res.json())
  await expect
    .poll(async () => (await connectionOf(u, c.id))?.status, { timeout: 15_000, interval: 50 })
    .toBe('ok')
  return (await connectionOf(u, c.id)) as Connection
}

async function itemIdOf(connectionId: number) {
  const { rows } = await server.database.pool.query<{ item_id: string }>(
    'select item_id from bank_connections where id = $1',
    [connectionId],
  )
  return rows[0]?.item_id ?? ''
}

/** Runs the daily task's work and waits until this connection's sync read the consent given. */
async function dailyRun(u: User, c: Connection, expected: string | null) {
  const before = (await connectionOf(u, c.id))?.last_synced_at
  await queueDailySyncs(server.deps.db)
  await expect
    .poll(
      async () => {
        const now = await connectionOf(u, c.id)
        return now?.status === 'ok' && now.last_synced_at !== before
          ? now.consent_expires_at
          : 'still syncing'
      },
      { timeout: 15_000, interval: 50 },
    )
    .toBe(expected)
}

async function consentMessages(userId: string): Promise<string[]> {
  const { rows } = await server.database.pool.query<{ payload: { text?: { body?: string } } }>(
    `select payload from whatsapp_outbound
      where user_id = $1 and idempotency_key like 'bank-connection:%:consent:%' order by id`,
    [userId],
  )
  return rows.map((r) => JSON.stringify(r.payload))
}

describe('Open Finance consent about to expire', () => {
  it('sends one message when the consent ends within 7 days, once however often the run goes', async () => {
    const u = await payingUser()
    const c = await connected(u)
    // The sandbox consent lasts a year: shown, no message.
    expect(c.consent_expires_at).not.toBeNull()
    expect(await consentMessages(u.userId)).toEqual([])

    const soon = new Date(Date.now() + 3 * DAY)
    fake.setConsentExpiry(await itemIdOf(c.id), soon)
    await dailyRun(u, c, soon.toISOString())
    await dailyRun(u, c, soon.toISOString())
    const sent = await consentMessages(u.userId)
    expect(sent).toHaveLength(1)
    const day = new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      day: '2-digit',
      month: '2-digit',
    }).format(soon)
    expect(sent[0]).toContain(`vence em ${day}`)
    expect(sent[0]).toContain('Pluggy Bank (sandbox)')

    // Renewed at the bank, then about to end again on another date: one more message.
    const later = new Date(Date.now() + 6 * DAY)
    fake.setConsentExpiry(await itemIdOf(c.id), later)
    await dailyRun(u, c, later.toISOString())
    await dailyRun(u, c, later.toISOString())
    expect(await consentMessages(u.userId)).toHaveLength(2)
  })

  it('sends nothing for a consent ending in more than 7 days', async () => {
    const u = await payingUser()
    const c = await connected(u)
    const far = new Date(Date.now() + 8 * DAY)
    fake.setConsentExpiry(await itemIdOf(c.id), far)
    await dailyRun(u, c, far.toISOString())
    expect(await consentMessages(u.userId)).toEqual([])
  })
})

/** `npm run cli -- run-task open_finance_sync --at <at>`, its printed line. */
async function runTask(at: Date): Promise<string> {
  const lines: string[] = []
  const ctx = {
    db: server.deps.db,
    env: server.deps.env,
    log: server.deps.log,
    print: (l: string) => lines.push(l),
  }
  await runTaskCommand.run(ctx, ['open_finance_sync', '--at', at.toISOString()])
  return lines.at(-1) ?? ''
}

async function bankMessages(userId: string): Promise<{ key: string; text: string }[]> {
  const { rows } = await server.database.pool.query<{ key: string; payload: unknown }>(
    `select idempotency_key as key, payload from whatsapp_outbound
      where user_id = $1 and idempotency_key like 'bank-connection:%' order by id`,
    [userId],
  )
  return rows.map((r) => ({ key: r.key, text: JSON.stringify(r.payload) }))
}

async function descriptions(u: User): Promise<string[]> {
  const res = await u.client.request('/api/v1/transactions?from=2000-01-01&to=2100-12-31&limit=100')
  return expectContract(transactionPageSchema, await res.json()).data.map((t) => t.description)
}

describe('Open Finance consent ended', () => {
  it('one message per expiry date, needs a reconnect, not read until reconnected (run-task --at, twice)', async () => {
    const u = await payingUser()
    const c = await connected(u)
    // The connect's webhook re-read done: no sync on the real clock reads what comes next.
    await waitForIdleJobs(server.database.pool)
    const itemId = await itemIdOf(c.id)
    const checking = fake.accountsOf(itemId).find((a) => a.type === 'BANK')?.id ?? ''
    fake.addTransactions(checking, [
      {
        date: dayIso(new Date(), 0),
        description: 'DEPOIS DO VENCIMENTO',
        type: 'DEBIT',
        amount: -7.5,
      },
    ])
    const ends = new Date(Date.now() + 2 * DAY)
    fake.setConsentExpiry(itemId, ends)
    const at = new Date(Date.now() + 3 * DAY)
    expect(await runTask(at)).toMatch(/^open_finance_sync em .*: queued=[1-9]/)
    await expect
      .poll(async () => (await connectionOf(u, c.id))?.status, { timeout: 15_000, interval: 50 })
      .toBe('needs_action')
    const day = new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      day: '2-digit',
      month: '2-digit',
    }).format(ends)
    const stopped = (await connectionOf(u, c.id)) as Connection
    expect(stopped.error).toBe(
      `A autorização do Open Finance venceu em ${day}. Reconecte para voltar a sincronizar.`,
    )
    expect(stopped.mfa).toBeNull()
    expect(stopped.consent_expires_at).toBe(ends.toISOString())
    // Not read: the bank's new transaction waits for the reconnect.
    expect(await descriptions(u)).not.toContain('DEPOIS DO VENCIMENTO')

    // The task again: this connection is not queued, no second message, still not read.
    const { rows } = await server.database.pool.query<{ n: number }>(
      `select count(*)::int as n from bank_connections
        where status in ('ok', 'outdated', 'syncing')`,
    )
    expect(await runTask(at)).toMatch(new RegExp(`: queued=${rows[0]?.n}$`))
    expect((await connectionOf(u, c.id))?.status).toBe('needs_action')
    const ended = (await bankMessages(u.userId)).filter((m) => m.key.includes(':consent-ended:'))
    expect(ended).toHaveLength(1)
    expect(ended[0]?.text).toContain(`para Pluggy Bank (sandbox) venceu em ${day}`)
    expect(ended[0]?.text).toContain('Reconectar')
    // Only this one about the connection: no warning (already ended), no generic needs_action.
    expect(await bankMessages(u.userId)).toHaveLength(1)
    expect(await descriptions(u)).not.toContain('DEPOIS DO VENCIMENTO')

    // Reconnected (a new sign-in gives a new consent): read again, the transaction once.
    const res = await u.client.post(`/api/v1/connections/${c.id}/reconnect`, {
      credentials: { user: 'user-ok', password: 'password-ok' },
    })
    expect(res.status).toBe(200)
    await expect
      .poll(async () => (await connectionOf(u, c.id))?.status, { timeout: 15_000, interval: 50 })
      .toBe('ok')
    const back = (await connectionOf(u, c.id)) as Connection
    expect(back.error).toBeNull()
    expect(Date.parse(back.consent_expires_at ?? '')).toBeGreaterThan(Date.now() + 300 * DAY)
    expect((await descriptions(u)).filter((d) => d === 'DEPOIS DO VENCIMENTO')).toHaveLength(1)
    // Read again by the daily run from now on, with no more messages.
    expect(await runTask(at)).not.toMatch(/queued=0$/)
    await expect
      .poll(async () => (await connectionOf(u, c.id))?.last_synced_at, {
        timeout: 15_000,
        interval: 50,
      })
      .not.toBe(back.last_synced_at)
    expect((await connectionOf(u, c.id))?.status).toBe('ok')
    expect(await bankMessages(u.userId)).toHaveLength(1)
  })
})
