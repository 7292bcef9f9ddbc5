import autocannon from 'autocannon'
import { fmt, startBenchServer } from '../../../bench/bench-server.ts'
import { withTransaction } from '../src/platform/db/transaction.ts'
import { recordEntry } from '../src/ledger/entries.ts'
import { ledgerForUser } from '../src/tenancy/ledgers.queries.ts'
import { generateApiKey, hashApiKey } from '../src/tenancy/api-keys.ts'
import { insertApiKey } from '../src/tenancy/api-keys.queries.ts'
import { newWebhookSecret } from '../src/integrations/signature.ts'
import { startReceiver } from '../test/webhook-receiver.ts'
import { signedInCookie } from './bench-helpers.ts'

/**
 * The public API:
 * 1. GET /api/v1/transactions (a page of 50) with an API key vs with a session cookie,
 *    8 connections, alternating rounds. The key path does per request what production does:
 *    key lookup, plan check, the PostgreSQL rate-limit counter. Each request uses the next of
 *    KEYS keys, so none reaches 120/min (one key would be answering 429 after a blink).
 * 2. Webhook fan-out: ENTRIES entries recorded (one transaction) in a ledger with ENDPOINTS
 *    endpoints, delivered by the job runner (4 workers) to a local receiver answering 200;
 *    deliveries per second from the commit to the last delivery recorded as succeeded.
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 6)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const KEYS = Number(process.env.BENCH_KEYS ?? 400)
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 300)
const ENDPOINTS = Number(process.env.BENCH_ENDPOINTS ?? 4)

const server = await startBenchServer({ WORKER: 'on' })
const receiver = await startReceiver([200])
try {
  const db = server.database.pool
  const { cookie, userId } = await signedInCookie(server.url, db)
  await db.query(`update subscribers set plan_type = 'empresas_15' where user_id = $1`, [userId])
  const ledger = await ledgerForUser(db, { userId })
  await db.query(
    `insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                               occurred_on, source)
     select $1, $2, 'expense', 100 + i, 'lançamento ' || i, 'mercado', date '2026-11-01' + (i % 28), 'api'
       from generate_series(1, 500) as i`,
    [ledger.ledgerId, userId],
  )
  const keys: string[] = []
  for (let i = 0; i < KEYS; i++) {
    const { key, prefix } = generateApiKey()
    await insertApiKey(db, {
      userId,
      name: `bench ${i}`,
      prefix,
      keyHash: hashApiKey(server.deps.apiKeySecret, key),
    })
    keys.push(key)
  }
  const url = `${server.url}/api/v1/transactions?limit=50`
  const probes: Record<string, string>[] = [{ cookie }, { authorization: `Bearer ${keys[0]}` }]
  for (const headers of probes) {
    const res = await fetch(url, { headers })
    if (res.status !== 200) throw new Error(`warm-up: ${res.status} ${await res.text()}`)
  }

  let next = 0
  const run = async (mode: 'cookie' | 'key') => {
    const result = await autocannon({
      url,
      connections: 8,
      duration: DURATION,
      ...(mode === 'cookie'
        ? { headers: { cookie } }
        : {
            requests: [
              {
                setupRequest: (request) => {
                  next = (next + 1) % keys.length
                  return {
                    ...request,
                    headers: { ...request.headers, authorization: `Bearer ${keys[next]}` },
                  }
                },
              },
            ],
          }),
    })
    const errors = result.errors + result.non2xx
    if (errors) throw new Error(`${mode}: ${errors} errors / non-2xx`)
    return result
  }
  await run('cookie') // warm-up round for both paths (JIT, pool, plans cache)
  await run('key')
  const totals = { cookie: 0, key: 0 }
  for (let round = 1; round <= ROUNDS; round++) {
    for (const mode of ['cookie', 'key'] as const) {
      const r = await run(mode)
      totals[mode] += r.requests.average
      console.log(
        `  round ${round} ${mode.padEnd(6)} ${fmt(r.requests.average)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms`,
      )
    }
  }
  const cookieRate = totals.cookie / ROUNDS
  const keyRate = totals.key / ROUNDS
  console.log(`GET /api/v1/transactions?limit=50, 8 connections, ${DURATION} s × ${ROUNDS} rounds:`)
  console.log(`  session cookie  ${fmt(cookieRate)} req/s`)
  console.log(
    `  API key         ${fmt(keyRate)} req/s  = ${fmt((keyRate / cookieRate) * 100, 1)} % of the cookie's (target ≥ 90 %)`,
  )
  await new Promise((resolve) => setTimeout(resolve, 1_000))

  // 2. Webhook fan-out.
  for (let i = 0; i < ENDPOINTS; i++) {
    await db.query(
      `insert into webhook_endpoints (ledger_id, created_by, url, events, secret)
       values ($1, $2, $3, array['transaction.created'], $4)`,
      [ledger.ledgerId, userId, `${receiver.url}/${i}`, newWebhookSecret()],
    )
  }
  const expected = ENTRIES * ENDPOINTS
  // All entries in one transaction: their events and delivery jobs appear together at commit,
  // so the clock below measures the delivery side (job queue, signing, HTTP) alone.
  const recordStart = performance.now()
  await withTransaction(db, async (tx) => {
    for (let i = 0; i < ENTRIES; i++) {
      await recordEntry(tx, {
        ledger,
        userId,
        source: 'api',
        entry: {
          type: 'expense',
          amount_cents: 1000 + i,
          description: `fan-out ${i}`,
          category: 'mercado',
          occurred_on: '2026-11-20',
        },
      })
    }
  })
  const start = performance.now()
  const recorded = start - recordStart
  for (;;) {
    const { rows } = await db.query<{ done: number; failed: number }>(
      `select count(*) filter (where status = 'succeeded')::int as done,
              count(*) filter (where status = 'failed')::int as failed
         from webhook_deliveries`,
    )
    const row = rows[0] ?? { done: 0, failed: 0 }
    if (row.failed) throw new Error(`${row.failed} deliveries failed`)
    if (row.done >= expected) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const elapsed = (performance.now() - start) / 1000
  if (receiver.received.length < expected) throw new Error('receiver missed deliveries')
  console.log(
    `Webhook fan-out: ${fmt(ENTRIES)} entries × ${ENDPOINTS} endpoints = ${fmt(expected)} signed deliveries to a local receiver`,
  )
  console.log(
    `  entries and events recorded in ${fmt(recorded / 1000, 2)} s (one transaction); all delivered ${fmt(elapsed, 2)} s after commit → ${fmt(expected / elapsed)} deliveries/s (${fmt(ENTRIES / elapsed)} events/s × ${ENDPOINTS} endpoints)`,
  )
} finally {
  await receiver.close()
  await server.cleanup()
}
