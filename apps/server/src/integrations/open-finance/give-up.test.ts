import { type Connection, connectionListSchema, transactionPageSchema } from '@equilibrai/shared'
import { Logger, type Runner, run } from 'graphile-worker'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../../../test/auth-client.ts'
import { expectContract } from '../../../test/contract.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { jobKey } from '../../platform/jobs/job-spec.ts'
import { dayIso, FakePluggy } from './fake-pluggy/fake-pluggy.ts'
import { openFinanceSyncJob } from './open-finance.jobs.ts'
import { OPEN_FINANCE_POLICY, runSyncJob, type SyncPolicy } from './open-finance.run.ts'

/*
 * Giving up after the aggregator's 429/5xx (ARCHITECTURE §11, ADR 023): the real server on a
 * fresh PostgreSQL, pluggy-sdk against the local fake over HTTP, and a real graphile-worker
 * runner taking the sync job — the job of the job table, with the production policy's counts
 * (10 retries) and millisecond pauses instead of 0.5 s doubling, passed through its deps.
 */

const QUICK: SyncPolicy = { ...OPEN_FINANCE_POLICY, retryBaseMs: 2, retryMaxMs: 10 }

let fake: FakePluggy
let server: TestServer
let runner: Runner

beforeAll(async () => {
  fake = new FakePluggy({ settleMs: 10 })
  await fake.start()
  server = await startTestServer({
    WORKER: 'off',
    PLUGGY_CLIENT_ID: 'test-client',
    PLUGGY_CLIENT_SECRET: 'test-secret',
    PLUGGY_BASE_URL: fake.url,
    PLUGGY_WEBHOOK_SECRET: 'segredo-do-webhook-de-teste-789',
  })
  const { db, env, log } = server.deps
  runner = await run({
    pgPool: server.database.pool,
    concurrency: 2,
    pollInterval: 20,
    noHandleSignals: true,
    logger: new Logger(() => () => {}),
    taskList: {
      [openFinanceSyncJob.task]: async (payload) =>
        runSyncJob({ db, env, log, policy: QUICK }, openFinanceSyncJob.payload.parse(payload)),
    },
  })
})
afterAll(async () => {
  await runner?.stop()
  await server?.stop()
  await fake?.stop()
})

type User = Awaited<ReturnType<typeof signedInUser>>

async function connectionOf(u: User, id: number): Promise<Connection | undefined> {
  const res = await u.client.request('/api/v1/connections')
  return expectContract(connectionListSchema, await res.json()).data.find((c) => c.id === id)
}

async function until(u: User, id: number, status: Connection['status']) {
  await expect
    .poll(async () => (await connectionOf(u, id))?.status, { timeout: 30_000, interval: 50 })
    .toBe(status)
  return (await connectionOf(u, id)) as Connection
}

async function descriptions(u: User): Promise<string[]> {
  const res = await u.client.request('/api/v1/transactions?from=2000-01-01&to=2100-12-31&limit=100')
  return expectContract(transactionPageSchema, await res.json()).data.map((t) => t.description)
}

async function outdatedMessages(userId: string, connectionId: number) {
  const { rows } = await server.database.pool.query<{ payload: unknown }>(
    `select payload from whatsapp_outbound where user_id = $1 and idempotency_key like $2`,
    [userId, `bank-connection:${connectionId}:outdated:%`],
  )
  return rows.map((r) => JSON.stringify(r.payload))
}

/** The connect's webhook re-read done too: nothing runs now but what the test starts. */
async function noSyncLeft() {
  await expect
    .poll(
      async () =>
        (
          await server.database.pool.query<{ n: number }>(
            'select count(*)::int as n from graphile_worker.jobs where task_identifier = $1',
            [openFinanceSyncJob.task],
          )
        ).rows[0]?.n,
      { timeout: 15_000, interval: 50 },
    )
    .toBe(0)
}

/** A person on PF Simples with the sandbox bank connected and read, nothing else running. */
async function connectedPerson() {
  const u = await signedInUser(server)
  await server.database.pool.query('update subscribers set plan_type = $2 where user_id = $1', [
    u.userId,
    'pf_simples',
  ])
  const created = await u.client.post('/api/v1/connections', {
    connector_id: 2,
    credentials: { user: 'user-ok', password: 'password-ok' },
  })
  expect(created.status).toBe(201)
  const { id } = (await created.json()) as { id: number }
  await until(u, id, 'ok')
  await noSyncLeft()
  const { rows } = await server.database.pool.query<{ item_id: string }>(
    'select item_id from bank_connections where id = $1',
    [id],
  )
  return { u, id, itemId: rows[0]?.item_id ?? '' }
}

describe('the aggregator failing for good', () => {
  it('gives up after 10 retries: outdated with the partial read, one message, nothing twice later', async () => {
    const { u, id, itemId } = await connectedPerson()
    const before = await descriptions(u)

    const checking = fake.accountsOf(itemId).find((a) => a.type === 'BANK')?.id ?? ''
    const card = fake.accountsOf(itemId).find((a) => a.type === 'CREDIT')?.id ?? ''
    const today = dayIso(new Date(), 0)
    fake.addTransactions(checking, [
      { date: today, description: 'LIDO ANTES DA QUEDA', type: 'DEBIT', amount: -12.34 },
    ])
    fake.addTransactions(card, [
      { date: today, description: 'COMPRA NAO LIDA', type: 'DEBIT', amount: -56.78 },
    ])

    // The card's transactions answer 503 for good; the checking account's are read each time.
    const sync = await u.client.post(`/api/v1/connections/${id}/sync`, {})
    expect(sync.status).toBe(202)
    let cardReads = 0
    fake.failAlways(503, (path) => {
      const hit = path.startsWith('/transactions') && path.includes(card)
      if (hit) cardReads += 1
      return hit
    })
    const gaveUp = await until(u, id, 'outdated')
    expect(gaveUp.error).toBe(
      'Leitura parcial: o agregador falhou (503) e desistimos depois de várias tentativas; o que foi lido está nos lançamentos.',
    )
    // The first try and 10 retries at least (a webhook's sync may start the count again).
    expect(cardReads).toBeGreaterThanOrEqual(QUICK.maxRetries + 1)
    // The partial read is in the entries, once however many times it was read again.
    const partial = await descriptions(u)
    expect(partial.filter((d) => d === 'LIDO ANTES DA QUEDA')).toHaveLength(1)
    expect(partial).not.toContain('COMPRA NAO LIDA')
    expect(partial).toHaveLength(before.length + 1)
    const messages = await outdatedMessages(u.userId, id)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain('Não conseguimos atualizar Pluggy Bank (sandbox)')

    // The bank answers again: a later sync reads the rest, records nothing twice, says nothing.
    fake.stopFailing()
    const again = await u.client.post(`/api/v1/connections/${id}/sync`, {})
    expect(again.status).toBe(202)
    const back = await until(u, id, 'ok')
    expect(back.error).toBeNull()
    const after = await descriptions(u)
    expect(after.filter((d) => d === 'LIDO ANTES DA QUEDA')).toHaveLength(1)
    expect(after.filter((d) => d === 'COMPRA NAO LIDA')).toHaveLength(1)
    expect(after).toHaveLength(before.length + 2)
    expect(await outdatedMessages(u.userId, id)).toHaveLength(1)
  })

  it('counts the bank still updating apart from the failures: a wait uses up no retry', async () => {
    const { id, itemId } = await connectedPerson()
    // Every next step an hour away, so the file's runner leaves the queued job for us to read.
    const hour = 3_600_000
    const later: SyncPolicy = {
      ...QUICK,
      waitBaseMs: hour,
      waitMaxMs: hour,
      retryBaseMs: hour,
      retryMaxMs: hour,
    }
    const next = async () => {
      const job = await server.database.pool.query<{ payload: unknown }>(
        'select payload from graphile_worker._private_jobs where key = $1',
        [jobKey(openFinanceSyncJob, id)],
      )
      return openFinanceSyncJob.payload.parse(job.rows[0]?.payload)
    }
    const { db, env, log } = server.deps

    fake.setItemStatus(itemId, 'UPDATING')
    await runSyncJob({ db, env, log, policy: later }, { connection_id: id, attempt: 3, waits: 0 })
    expect(await next()).toMatchObject({ attempt: 3, waits: 1 })

    fake.setItemStatus(itemId, 'UPDATED')
    fake.failAlways(503)
    await runSyncJob({ db, env, log, policy: later }, { connection_id: id, attempt: 3, waits: 1 })
    expect(await next()).toMatchObject({ attempt: 4, waits: 1 })
    fake.stopFailing()
  })
})
