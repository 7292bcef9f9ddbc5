import autocannon from 'autocannon'
import { fmt, startBenchServer } from './bench-server.ts'

/**
 * GET /api/plans against a trivial route of the same server (GET /api/health/live): the ratio
 * says how close the real route is to the framework's own limit. Target: ≥ 50 %.
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 8)

async function load(url: string) {
  const result = await autocannon({ url, connections: 32, duration: DURATION, pipelining: 1 })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

const server = await startBenchServer()
try {
  await load(`${server.url}/api/plans`) // warm-up
  const trivial = await load(`${server.url}/api/health/live`)
  const plans = await load(`${server.url}/api/plans`)
  const ratio = plans.rps / trivial.rps
  console.log('GET /api/plans vs trivial route (32 connections, %ds each)', DURATION)
  for (const [name, r] of [
    ['/api/health/live', trivial],
    ['/api/plans', plans],
  ] as const) {
    console.log(
      `  ${name.padEnd(18)} ${fmt(r.rps).padStart(8)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   errors ${r.errors}`,
    )
  }
  console.log(
    `  ratio: ${fmt(ratio * 100, 1)} % of the trivial route (target ≥ 50 %) ${ratio >= 0.5 ? 'OK' : 'BELOW TARGET'}`,
  )
} finally {
  await server.cleanup()
}
