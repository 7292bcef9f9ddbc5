import autocannon from 'autocannon'
import { fmt, startBenchServer } from '../../../bench/bench-server.ts'
import { ledgerForUser } from '../src/tenancy/ledgers.queries.ts'
import { percentile, signedInCookie } from './bench-helpers.ts'

/**
 * GET /api/v1/summary for a month holding 100,000 entries (plus 100,000 in the months around
 * it), over HTTP with a real session: p50/p99 of sequential requests, then throughput with
 * 8 connections. The summary is one aggregate over the (ledger, day) covering index.
 */
const MONTH_ENTRIES = Number(process.env.BENCH_MONTH_ENTRIES ?? 100_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200)
const DURATION = Number(process.env.BENCH_SECONDS ?? 8)

const server = await startBenchServer()
try {
  const db = server.database.pool
  const { cookie, userId } = await signedInCookie(server.url, db)
  const { ledgerId } = await ledgerForUser(db, { userId })
  const seedStart = performance.now()
  // The month: 100,000 entries over its 30 days, 15 categories, amounts R$ 0,01 to R$ 500,00.
  await db.query(
    `insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                               occurred_on, source)
     select $1, $2,
            case when i % 10 = 0 then 'income' else 'expense' end,
            1 + (i * 7919) % 50000,
            'lançamento ' || i,
            case when i % 10 = 0 then (array['salario','vendas','servicos'])[1 + i % 3]
                 else (array['alimentacao','mercado','transporte','moradia','contas_casa','saude',
                             'educacao','lazer','assinaturas','compras','cuidados_pessoais','pets',
                             'impostos','negocio','outros'])[1 + i % 15] end,
            date '2026-11-01' + (i % 30),
            'whatsapp'
       from generate_series(1, $3::int) as i`,
    [ledgerId, userId, MONTH_ENTRIES],
  )
  // The months around it, so the index has to pick the month out.
  await db.query(
    `insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                               occurred_on, source)
     select $1, $2, 'expense', 1 + i % 9999, 'outro mês ' || i, 'outros',
            date '2026-01-01' + (i % 300) + case when i % 300 >= 304 then 0 else 0 end, 'web'
       from generate_series(1, $3::int) as i
      where (date '2026-01-01' + (i % 300)) not between date '2026-11-01' and date '2026-11-30'`,
    [ledgerId, userId, MONTH_ENTRIES],
  )
  await db.query('vacuum analyze transactions')
  console.log(
    `seeded ${fmt(MONTH_ENTRIES)} entries in 2026-11 (+ others) in ${fmt((performance.now() - seedStart) / 1000, 1)} s`,
  )

  const url = `${server.url}/api/v1/summary?month=2026-11`
  const get = async () => {
    const res = await fetch(url, { headers: { cookie } })
    if (res.status !== 200) throw new Error(`summary: ${res.status}`)
    return (await res.json()) as { expense_cents: number; by_category: unknown[] }
  }
  const sample = await get()
  if (sample.by_category.length !== 18) throw new Error('unexpected summary')
  for (let i = 0; i < 20; i++) await get() // warm-up

  const times: number[] = []
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now()
    await get()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  console.log(
    `GET /api/v1/summary, month of ${fmt(MONTH_ENTRIES)} entries, ${REQUESTS} sequential requests:`,
  )
  console.log(
    `  p50 ${fmt(percentile(times, 50), 1)} ms   p99 ${fmt(percentile(times, 99), 1)} ms   max ${fmt(times.at(-1) ?? 0, 1)} ms`,
  )

  const load = await autocannon({
    url,
    connections: 8,
    duration: DURATION,
    headers: { cookie },
  })
  console.log(
    `  8 connections, ${DURATION} s: ${fmt(load.requests.average)} req/s   p50 ${load.latency.p50} ms   p99 ${load.latency.p99} ms   errors ${load.errors + load.non2xx}`,
  )
  // Let the requests autocannon abandoned at the deadline finish before the pool closes.
  await new Promise((resolve) => setTimeout(resolve, 1_000))
} finally {
  await server.cleanup()
}
