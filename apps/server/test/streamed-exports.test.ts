import http from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { ledgerForUser } from '../src/tenancy/ledgers.queries.ts'
import { signedInUser, type TestClient } from './auth-client.ts'
import { buildDataExport } from './whole-data-export.ts'
import { useTestServer } from './use-test-database.ts'

/*
 * Issue 25: 20 concurrent LGPD exports took 1.6 GB, each built whole in memory. The export and
 * the CSVs are now streamed (a batch of rows at a time, as fast as the client reads) in lanes of
 * one at a time here, nobody waiting (EXPORT_/CSV_CONCURRENCY=1, _QUEUE=0). A slow reader gets
 * every byte — the same bytes the whole-document export wrote; a client that goes away
 * mid-stream gives back its turn and its database connection; a full lane answers 503 BUSY
 * with Retry-After, never 500. (Memory under 20 exports: `npm run bench -- heavy`.)
 */
const server = useTestServer({
  EXPORT_CONCURRENCY: '1',
  EXPORT_QUEUE: '0',
  CSV_CONCURRENCY: '1',
  CSV_QUEUE: '0',
})

const ENTRIES = 12_000

/** Someone with a long ledger (many cursor batches, megabytes of JSON) and a bit of the rest. */
async function longLedger() {
  const signed = await signedInUser(server, { name: 'Laura Longa', phone: '11977776666' })
  const { client, userId } = signed
  const db = server.database.pool
  const card = await client.post('/api/v1/accounts', {
    name: 'Cartão "Roxinho"',
    kind: 'credit_card',
    closing_day: 3,
    due_day: 10,
  })
  expect(card.status).toBe(201)
  const entry = await client.post('/api/v1/transactions', {
    type: 'expense',
    amount_cents: 4590,
    description: '=2+2 remédio "genérico"; farmácia',
    category: 'saude',
    occurred_on: '2026-11-10',
  })
  expect(entry.status).toBe(201)
  const { ledgerId } = await ledgerForUser(db, { userId })
  await db.query(
    `insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                               occurred_on, source)
     select $1, $2, case when i % 10 = 0 then 'income' else 'expense' end, 100 + i,
            'lançamento nº ' || i || ' — padaria',
            case when i % 10 = 0 then 'salario' else 'alimentacao' end,
            date '2025-01-01' + (i % 600), 'web'
       from generate_series(1, $3::int) as i`,
    [ledgerId, userId, ENTRIES],
  )
  return signed
}

/** GET with the client's cookies, as a raw response the test reads at its own pace. */
function open(client: TestClient, path: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { headers: { cookie: client.cookieHeader() } }, resolve)
      .on('error', reject)
  })
}

/** The whole body, read slowly: a pause every few chunks (the server must wait, not buffer). */
async function readSlowly(res: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of res) {
    chunks.push(chunk as Buffer)
    if (chunks.length % 8 === 0) await sleep(15)
  }
  return Buffer.concat(chunks)
}

/** Waits for the first chunk of the body, then stops reading (the connection stays open). */
async function readALittle(res: http.IncomingMessage): Promise<void> {
  await new Promise((resolve) => res.once('data', resolve))
  res.pause()
}

/** Opens connections of the test database left inside a transaction (a held cursor). */
async function openTransactions(): Promise<number> {
  const { rows } = await server.database.pool.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and state like 'idle in transaction%'`,
  )
  return rows[0]?.n ?? 0
}

/** Asks again while the lane is still giving the turn back; the answer that is not BUSY. */
async function whenFree(client: TestClient, path: string): Promise<Response> {
  for (let i = 0; i < 100; i++) {
    const res = await client.request(path)
    if (res.status !== 503) return res
    await res.arrayBuffer()
    await sleep(50)
  }
  throw new Error(`${path} stayed busy`)
}

describe('GET /api/me/export, streamed', () => {
  it('gives a slow reader the same bytes the whole-document export wrote', async () => {
    const { client, userId } = await longLedger()
    const res = await open(client, '/api/me/export')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    const text = (await readSlowly(res)).toString('utf8')
    expect(text.length).toBeGreaterThan(4_000_000)
    const parsed = JSON.parse(text) as {
      generated_at: string
      records: { transactions: unknown[] }
    }
    expect(parsed.records.transactions).toHaveLength(ENTRIES + 1)
    const whole = JSON.stringify(
      await buildDataExport(server.database.pool, {
        userId,
        now: new Date(parsed.generated_at),
      }),
      null,
      2,
    )
    expect(text === whole).toBe(true)
    expect(await openTransactions()).toBe(0)
  }, 120_000)

  it('refuses a second export while the lane is full, and takes one again after a client went away mid-stream', async () => {
    const { client } = await longLedger()
    const first = await open(client, '/api/me/export')
    expect(first.statusCode).toBe(200)
    // Read a little, so the export is mid-way: its cursor open, its turn held.
    await readALittle(first)
    const busy = await client.request('/api/me/export')
    expect(busy.status).toBe(503)
    expect(busy.headers.get('retry-after')).toBe('10')
    expect(((await busy.json()) as { error: { code: string } }).error.code).toBe('BUSY')

    first.destroy() // the client goes away
    const health = await fetch(`${server.url}/api/health`)
    expect(health.status).toBe(200)
    const again = await whenFree(client, '/api/me/export')
    expect(again.status).toBe(200)
    const data = JSON.parse(await again.text()) as { records: { transactions: unknown[] } }
    expect(data.records.transactions).toHaveLength(ENTRIES + 1)
    expect(await openTransactions()).toBe(0)
  }, 120_000)
})

describe('GET /api/v1/transactions.csv, streamed', () => {
  it('gives a slow reader every row, refuses a second CSV while it runs, and frees the lane when a client goes away', async () => {
    const { client } = await longLedger()
    const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer())
    const fast = await bytes(await client.request('/api/v1/transactions.csv'))
    expect(fast.toString('utf8').split('\r\n')).toHaveLength(ENTRIES + 1 + 2) // header, rows, ''

    const slow = await open(client, '/api/v1/transactions.csv')
    expect(slow.statusCode).toBe(200)
    const busy = await client.request('/api/v1/transactions.csv')
    expect(busy.status).toBe(503)
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0)
    await busy.arrayBuffer()
    expect((await readSlowly(slow)).equals(fast)).toBe(true)

    const gone = await open(client, '/api/v1/transactions.csv')
    await readALittle(gone)
    gone.destroy() // the client goes away mid-stream
    const again = await whenFree(client, '/api/v1/transactions.csv')
    expect(again.status).toBe(200)
    expect((await bytes(again)).equals(fast)).toBe(true)
  }, 120_000)
})
