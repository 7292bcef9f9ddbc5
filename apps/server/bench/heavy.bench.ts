import { fmt, startBenchServer } from '../../../bench/bench-server.ts'
import { ledgerForUser } from '../src/tenancy/ledgers.queries.ts'
import { percentile, signedInCookie } from './bench-helpers.ts'

/**
 * Heavy work and the event loop (ARCHITECTURE §12, issue 25):
 * - 100 PDF statements of a 2,000-entry month requested at once, while /api/health is polled
 *   one request after another. Prints /api/health p50/p99/max during the burst (target p99 <
 *   1 s) and how the statements were answered (200, or 503 BUSY beyond the reports lane).
 *   `BENCH_PDFS`, `BENCH_PDF_ENTRIES`.
 * - 20 LGPD exports of a 50,000-entry ledger requested at once (the export lane sized to take
 *   them all: 8 at once, 12 waiting), read to the end by clients that keep nothing. Prints the
 *   process's RSS before and its peak during the exports (issue 25: 1.6 GB when each export was
 *   built whole), and /api/health p99 meanwhile. `BENCH_EXPORTS`, `BENCH_EXPORT_ENTRIES`.
 * The server runs in this process: the RSS is the server's plus the small client's.
 */
const PDFS = Number(process.env.BENCH_PDFS ?? 100)
const PDF_ENTRIES = Number(process.env.BENCH_PDF_ENTRIES ?? 2_000)
const EXPORTS = Number(process.env.BENCH_EXPORTS ?? 20)
const EXPORT_ENTRIES = Number(process.env.BENCH_EXPORT_ENTRIES ?? 50_000)

/** /api/health polled one request after another until `done()`: the latencies, sorted. */
async function pollHealth(url: string, done: () => boolean) {
  const times: number[] = []
  let failures = 0
  while (!done()) {
    const t = performance.now()
    const res = await fetch(`${url}/api/health`)
    await res.arrayBuffer()
    if (res.status !== 200) failures++
    times.push(performance.now() - t)
  }
  return { times: times.sort((a, b) => a - b), failures }
}

const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024)} MB`

const server = await startBenchServer({ EXPORT_CONCURRENCY: '8', EXPORT_QUEUE: '12' })
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

  // LGPD exports of a long ledger, all at once.
  const exporter = await signedInCookie(server.url, db, `bench.export.${Date.now()}@exemplo.com.br`)
  const exportLedger = await ledgerForUser(db, { userId: exporter.userId })
  // In batches: one statement each, well inside the statement timeout on a loaded machine.
  for (let from = 1; from <= EXPORT_ENTRIES; from += 5_000) {
    await db.query(
      `insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                                 occurred_on, source)
       select $1, $2, 'expense', 1 + (i * 7919) % 50000, 'lançamento nº ' || i || ' — mercado',
              'alimentacao', date '2024-01-01' + (i % 900), 'web'
         from generate_series($3::int, $4::int) as i`,
      [exportLedger.ledgerId, exporter.userId, from, Math.min(EXPORT_ENTRIES, from + 4_999)],
    )
  }
  const download = async () => {
    const res = await fetch(`${server.url}/api/me/export`, {
      headers: { cookie: exporter.cookie },
    })
    let bytes = 0
    const reader = res.body?.getReader()
    for (;;) {
      const chunk = await reader?.read()
      if (!chunk || chunk.done) break
      bytes += chunk.value.byteLength
    }
    return { status: res.status, bytes }
  }
  await download() // warm-up
  global.gc?.()
  await new Promise((resolve) => setTimeout(resolve, 500))
  const rssBefore = process.memoryUsage().rss
  let rssPeak = rssBefore
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss)
  }, 10)
  let exportsDone = false
  const exportsStarted = performance.now()
  const exports = Promise.all(Array.from({ length: EXPORTS }, download)).finally(() => {
    exportsDone = true
  })
  const exportHealth = await pollHealth(server.url, () => exportsDone)
  const results = await exports
  clearInterval(sampler)
  const exportSeconds = (performance.now() - exportsStarted) / 1000
  const answered = results.reduce<Record<number, number>>(
    (n, r) => Object.assign(n, { [r.status]: (n[r.status] ?? 0) + 1 }),
    {},
  )
  console.log(
    `${EXPORTS} LGPD exports (${fmt(EXPORT_ENTRIES)} entries, ${mb(results[0]?.bytes ?? 0)} each) at once, answered in ${fmt(exportSeconds, 1)} s: ${Object.entries(
      answered,
    )
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ')}`,
  )
  console.log(
    `  RSS before ${mb(rssBefore)}   peak during ${mb(rssPeak)} (+${mb(rssPeak - rssBefore)})   /api/health p99 ${fmt(percentile(exportHealth.times, 99), 1)} ms (${exportHealth.times.length} requests, ${exportHealth.failures} not 200)`,
  )
} finally {
  await server.cleanup()
}
