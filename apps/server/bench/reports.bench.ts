import { fmt, startBenchServer } from '../../../bench/bench-server.ts'
import { ledgerForUser } from '../src/tenancy/ledgers.queries.ts'
import { categoryTotals, dailyTotals, topExpenses } from '../src/reports/monthly-report.queries.ts'
import { percentile, signedInCookie } from './bench-helpers.ts'

/**
 * Reports:
 * 1. GET /api/v1/reports/monthly for a month holding 100,000 entries (plus 100,000 in the
 *    months around it), over HTTP with a real session: p50/p99 of sequential requests
 *    (target p99 ≤ 50 ms).
 * 2. GET /api/v1/reports/monthly.pdf for a month of 2,000 entries: time per statement
 *    (target: well under a second) and its size.
 * 3. GET /api/v1/transactions.csv of the 100,000-entry month: time and throughput.
 */
const MONTH_ENTRIES = Number(process.env.BENCH_MONTH_ENTRIES ?? 100_000)
const PDF_ENTRIES = Number(process.env.BENCH_PDF_ENTRIES ?? 2_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200)
const PDF_REQUESTS = Number(process.env.BENCH_PDF_REQUESTS ?? 20)

const seedMonth = (count: number, month: string) =>
  `insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                             occurred_on, source)
   select $1, $2,
          case when i % 10 = 0 then 'income' else 'expense' end,
          1 + (i * 7919) % 50000,
          'lançamento nº ' || i || ' — padaria São João',
          case when i % 10 = 0 then (array['salario','vendas','servicos'])[1 + i % 3]
               else (array['alimentacao','mercado','transporte','moradia','contas_casa','saude',
                           'educacao','lazer','assinaturas','compras','cuidados_pessoais','pets',
                           'impostos','negocio','outros'])[1 + i % 15] end,
          date '${month}-01' + (i % 28),
          'whatsapp'
     from generate_series(1, ${count}) as i`

async function timed(times: number[], fn: () => Promise<void>) {
  const start = performance.now()
  await fn()
  times.push(performance.now() - start)
}

function line(label: string, times: number[]) {
  times.sort((a, b) => a - b)
  console.log(
    `  ${label}: p50 ${fmt(percentile(times, 50), 1)} ms   p99 ${fmt(percentile(times, 99), 1)} ms   max ${fmt(times.at(-1) ?? 0, 1)} ms`,
  )
}

const server = await startBenchServer()
try {
  const db = server.database.pool
  const { cookie, userId } = await signedInCookie(server.url, db)
  await db.query(`update subscribers set plan_type = 'pf_simples' where user_id = $1`, [userId])
  const { ledgerId } = await ledgerForUser(db, { userId })
  const seedStart = performance.now()
  await db.query(seedMonth(MONTH_ENTRIES, '2026-11'), [ledgerId, userId])
  await db.query(seedMonth(MONTH_ENTRIES / 2, '2026-10'), [ledgerId, userId])
  await db.query(seedMonth(MONTH_ENTRIES / 2, '2026-12'), [ledgerId, userId])
  await db.query(seedMonth(PDF_ENTRIES, '2026-06'), [ledgerId, userId])
  await db.query('vacuum analyze transactions')
  console.log(
    `seeded ${fmt(MONTH_ENTRIES)} entries in 2026-11, ${fmt(MONTH_ENTRIES)} around it, ${fmt(PDF_ENTRIES)} in 2026-06 in ${fmt((performance.now() - seedStart) / 1000, 1)} s`,
  )

  const get = async (path: string) => {
    const res = await fetch(`${server.url}${path}`, { headers: { cookie } })
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`)
    return res
  }

  const report = (await (await get('/api/v1/reports/monthly?month=2026-11')).json()) as {
    daily: unknown[]
    top_expenses: unknown[]
    by_category: unknown[]
  }
  if (report.daily.length !== 30 || report.top_expenses.length !== 10) {
    throw new Error('unexpected report')
  }
  for (let i = 0; i < 20; i++) await get('/api/v1/reports/monthly?month=2026-11') // warm-up
  const times: number[] = []
  for (let i = 0; i < REQUESTS; i++) {
    await timed(times, async () => {
      await (await get('/api/v1/reports/monthly?month=2026-11')).arrayBuffer()
    })
  }
  console.log(
    `GET /api/v1/reports/monthly, month of ${fmt(MONTH_ENTRIES)} entries, ${REQUESTS} sequential requests (target p99 ≤ 50 ms):`,
  )
  line('report', times)
  // Each query alone, straight on the pool: where the time goes.
  const params = { ledgerId, month: '2026-11' }
  for (const [label, query] of [
    ['  totals and categories (ledger_month_totals)', () => categoryTotals(db, params)],
    ['  daily series (ledger_day_totals)', () => dailyTotals(db, params)],
    ['  top expenses (partial index)', () => topExpenses(db, params)],
  ] as const) {
    const queryTimes: number[] = []
    for (let i = 0; i < REQUESTS; i++) await timed(queryTimes, async () => void (await query()))
    line(label, queryTimes)
  }

  const pdfTimes: number[] = []
  let pdfBytes = 0
  await (await get('/api/v1/reports/monthly.pdf?month=2026-06')).arrayBuffer() // warm-up
  for (let i = 0; i < PDF_REQUESTS; i++) {
    await timed(pdfTimes, async () => {
      pdfBytes = (await (await get('/api/v1/reports/monthly.pdf?month=2026-06')).arrayBuffer())
        .byteLength
    })
  }
  console.log(
    `GET /api/v1/reports/monthly.pdf, month of ${fmt(PDF_ENTRIES)} entries, ${PDF_REQUESTS} sequential requests (${fmt(pdfBytes / 1024)} KB each):`,
  )
  line('statement', pdfTimes)

  const csvTimes: number[] = []
  let csvBytes = 0
  for (let i = 0; i < 3; i++) {
    await timed(csvTimes, async () => {
      csvBytes = (
        await (await get('/api/v1/transactions.csv?from=2026-11-01&to=2026-11-30')).arrayBuffer()
      ).byteLength
    })
  }
  csvTimes.sort((a, b) => a - b)
  const median = csvTimes[1] ?? 0
  console.log(
    `GET /api/v1/transactions.csv, ${fmt(MONTH_ENTRIES)} entries (${fmt(csvBytes / 1024 / 1024, 1)} MB): median of 3 ${fmt(median)} ms, ${fmt((MONTH_ENTRIES * 1000) / median)} rows/s`,
  )
} finally {
  await server.cleanup()
}
