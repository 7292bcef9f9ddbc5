import { fmt, startBenchServer } from '../../../bench/bench-server.ts'
import { ledgerForUser } from '../src/tenancy/ledgers.queries.ts'
import { percentile, signedInCookie } from './bench-helpers.ts'

/**
 * Heavy work and the event loop (ARCHITECTURE §12, issue 25): 100 PDF statements of a
 * 2,000-entry month requested at once, while /api/health is polled one request after another.
 * Prints /api/health p50/p99/max during the burst (target p99 < 1 s) and how the statements
 * were answered (200, or 503 BUSY beyond the reports lane). `BENCH_PDFS`, `BENCH_PDF_ENTRIES`.
 */
const PDFS = Number(process.env.BENCH_PDFS ?? 100)
const PDF_ENTRIES = Number(process.env.BENCH_PDF_ENTRIES ?? 2_000)

const server = await startBenchServer()
try {
  const db = server.database.pool
  const { cookie, userId } = await signedInCookie(server.url, db)
  await db.query(`update subscribers set plan_type = 'pf_simples' where user_id = $1`, [userId])
  const { ledgerId } = await ledgerForUser(db, { userId })
  await db.query(
    `insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                               occurred_on, source)
     select $1, $2, 'expense', 1 + (i * 7919) % 50000, 'lançamento nº ' || i || ' — padaria',
            'alimentacao', date '2026-06-01' + (i % 28), 'web'
       from generate_series(1, $3::int) as i`,
    [ledgerId, userId, PDF_ENTRIES],
  )
  const pdf = () =>
    fetch(`${server.url}/api/v1/reports/monthly.pdf?month=2026-06`, { headers: { cookie } }).then(
      async (res) => {
        await res.arrayBuffer()
        return res.status
      },
    )
  await pdf() // warm-up: the render threads start

  let burstDone = false
  const started = performance.now()
  const burst = Promise.all(Array.from({ length: PDFS }, pdf)).finally(() => {
    burstDone = true
  })
  const health: number[] = []
  let healthFailures = 0
  while (!burstDone) {
    const t = performance.now()
    const res = await fetch(`${server.url}/api/health`)
    await res.arrayBuffer()
    if (res.status !== 200) healthFailures++
    health.push(performance.now() - t)
  }
  const statuses = await burst
  const elapsed = performance.now() - started
  health.sort((a, b) => a - b)
  const counts = statuses.reduce<Record<number, number>>(
    (n, s) => Object.assign(n, { [s]: (n[s] ?? 0) + 1 }),
    {},
  )
  console.log(
    `${PDFS} PDF statements (${fmt(PDF_ENTRIES)} entries) at once, answered in ${fmt(elapsed / 1000, 1)} s: ${Object.entries(
      counts,
    )
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ')}`,
  )
  console.log(
    `  /api/health during the burst (${health.length} requests, ${healthFailures} not 200): p50 ${fmt(percentile(health, 50), 1)} ms   p99 ${fmt(percentile(health, 99), 1)} ms   max ${fmt(health.at(-1) ?? 0, 1)} ms (target p99 < 1000 ms)`,
  )
} finally {
  await server.cleanup()
}
