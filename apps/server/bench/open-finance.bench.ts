import { fmt, startBenchServer } from '../../../bench/bench-server.ts'
import { dayIso, FakePluggy } from '../src/integrations/open-finance/fake-pluggy/fake-pluggy.ts'
import { signedInCookie } from './bench-helpers.ts'

/**
 * Open Finance (issue 23), against the local fake of Pluggy's API over real HTTP, with the job
 * runner in this process:
 * - a sync that brings 10,000 new transactions over 20 pages (500 each): goal under 15 s;
 * - a webhook `transactions/updated` for 100 transactions, until all 100 entries follow: goal
 *   under 2 s.
 */
const TX = Number(process.env.BENCH_OF_TRANSACTIONS ?? 10_000)
const UPDATES = 100
const SYNC_GOAL_MS = 15_000
const WEBHOOK_GOAL_MS = 2_000
const SECRET = 'bench-webhook-secret-0123456789'

const fake = new FakePluggy({ settleMs: 5 })
await fake.start()
const server = await startBenchServer({
  WORKER: 'on',
  PLUGGY_CLIENT_ID: 'bench',
  PLUGGY_CLIENT_SECRET: 'bench',
  PLUGGY_BASE_URL: fake.url,
  PLUGGY_WEBHOOK_SECRET: SECRET,
})
const db = server.database.pool

async function waitFor(what: string, check: () => Promise<boolean>, limitMs = 120_000) {
  const t0 = performance.now()
  while (!(await check())) {
    if (performance.now() - t0 > limitMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

const one = async (sql: string, params: unknown[]) =>
  (await db.query<{ v: string }>(sql, params)).rows[0]?.v ?? null

try {
  const { cookie, userId } = await signedInCookie(server.url, db)
  await db.query(`update subscribers set plan_type = 'pf_simples' where user_id = $1`, [userId])
  const headers = { origin: server.url, cookie, 'content-type': 'application/json' }
  const res = await fetch(`${server.url}/api/v1/connections`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      connector_id: 2,
      credentials: { user: 'user-ok', password: 'password-ok' },
    }),
  })
  if (res.status !== 201) throw new Error(`connect: ${res.status} ${await res.text()}`)
  const { id } = (await res.json()) as { id: number }
  const status = () => one('select status as v from bank_connections where id = $1', [id])
  await waitFor('first sync', async () => (await status()) === 'ok')
  const itemId = (await one('select item_id as v from bank_connections where id = $1', [id])) ?? ''
  const checking = fake.accountsOf(itemId).find((a) => a.type === 'BANK')?.id ?? ''
  const added = fake.addTransactions(
    checking,
    Array.from({ length: TX }, (_, i) => ({
      date: dayIso(new Date(), i % 85),
      description:
        ['PIX ENVIADO', 'DROGASIL', 'UBER TRIP', 'IFOOD', 'POSTO SHELL'][i % 5] + ` ${i}`,
      type: 'DEBIT' as const,
      amount: -(1 + ((i * 7919) % 50_000) / 100),
    })),
  )
  const synced = async () =>
    Number(
      await one('select count(*) as v from bank_synced_transactions where connection_id = $1', [
        id,
      ]),
    )
  const before = await synced()
  const calls = fake.calls.length

  const t0 = performance.now()
  const sync = await fetch(`${server.url}/api/v1/connections/${id}/sync`, {
    method: 'POST',
    headers,
  })
  if (sync.status !== 202) throw new Error(`sync: ${sync.status}`)
  await waitFor(
    '10k sync',
    async () => (await synced()) >= before + TX && (await status()) === 'ok',
  )
  const syncMs = performance.now() - t0
  const pages = fake.calls.slice(calls).filter((c) => c === 'GET /transactions').length

  const changed = added.slice(0, UPDATES)
  for (const t of changed) fake.updateTransaction(t.id, { amount: t.amount - 1 })
  const t1 = performance.now()
  const hook = await fetch(`${server.url}/api/webhooks/pluggy?secret=${SECRET}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      event: 'transactions/updated',
      eventId: `bench-${Date.now()}`,
      itemId,
      accountId: checking,
      transactionIds: changed.map((t) => t.id),
    }),
  })
  if (hook.status !== 200) throw new Error(`webhook: ${hook.status}`)
  const expected = changed.map((t) => Math.round(Math.abs(t.amount) * 100))
  await waitFor('100 updates', async () => {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from bank_synced_transactions s
         join transactions t on t.id = s.transaction_id
         join unnest($2::text[], $3::bigint[]) as u(remote_id, cents) on u.remote_id = s.remote_id
        where s.connection_id = $1 and t.amount_cents = u.cents`,
      [id, changed.map((t) => t.id), expected],
    )
    return rows[0]?.n === UPDATES
  })
  const webhookMs = performance.now() - t1
  const entries = Number(
    await one('select count(*) as v from bank_synced_transactions where connection_id = $1', [id]),
  )

  console.log(
    `sync of ${TX} new transactions over ${pages} pages (incl. the card's): ${fmt(syncMs)} ms (goal < ${SYNC_GOAL_MS}) ${syncMs < SYNC_GOAL_MS ? 'OK' : 'SLOW'}`,
  )
  console.log(
    `webhook → ${UPDATES} transactions updated: ${fmt(webhookMs)} ms (goal < ${WEBHOOK_GOAL_MS}) ${webhookMs < WEBHOOK_GOAL_MS ? 'OK' : 'SLOW'}`,
  )
  console.log(`aggregator transactions on the connection: ${entries}`)
} finally {
  await server.cleanup()
  await fake.stop()
}
