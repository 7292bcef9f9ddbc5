import { availableParallelism } from 'node:os'
import autocannon from 'autocannon'
import { hashPassword } from 'better-auth/crypto'
import { DEFAULT_AUTH_RATE_LIMITS } from '../apps/server/src/accounts/auth-rate-limits.ts'
import { fmt, startBenchServer } from './bench-server.ts'

/**
 * POST /api/auth/sign-in/email: throughput and latency of real sign-ins (password check, new
 * session row, cookie), and of sign-ins with an unknown e-mail (which must cost the same).
 *
 * The password hash bounds it. Better Auth's scrypt: N = 16384, r = 16, p = 1, 64-byte key —
 * 128·N·r = 32 MiB of memory and tens of milliseconds of one core per hash, run on libuv's
 * thread pool (UV_THREADPOOL_SIZE, default 4). So sign-ins per second ≈ cores × 1000 / (ms per
 * hash), whatever the HTTP layer does. Rate limits are lifted for the run.
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 8
const USERS = 20
const PASSWORD = 'Cafe-Com-Leite-42'

const unlimited = { max: 1_000_000_000, windowSeconds: 60 }
const authRateLimits = Object.fromEntries(
  Object.keys(DEFAULT_AUTH_RATE_LIMITS).map((name) => [name, unlimited]),
)

async function hashCost() {
  await hashPassword(PASSWORD) // warm-up
  const rounds = 10
  let started = performance.now()
  for (let i = 0; i < rounds; i++) await hashPassword(PASSWORD)
  const sequentialMs = (performance.now() - started) / rounds
  const parallel = 40
  started = performance.now()
  await Promise.all(Array.from({ length: parallel }, () => hashPassword(PASSWORD)))
  const parallelPerSecond = parallel / ((performance.now() - started) / 1000)
  return { sequentialMs, parallelPerSecond }
}

async function signIns(url: string, emails: string[]) {
  let next = 0
  const result = await autocannon({
    url: `${url}/api/auth/sign-in/email`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { origin: url, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ email: emails[next++ % emails.length], password: PASSWORD }),
        }),
      },
    ],
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses: result.statusCodeStats,
    errors: result.errors,
  }
}

const server = await startBenchServer({}, { authRateLimits })
try {
  const headers = { origin: server.url, 'content-type': 'application/json' }
  const emails: string[] = []
  for (let i = 0; i < USERS; i++) {
    const email = `bench.login.${i}.${Date.now()}@exemplo.com.br`
    const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Bench Login', email, password: PASSWORD }),
    })
    if (!res.ok) throw new Error(`sign-up: ${res.status} ${await res.text()}`)
    emails.push(email)
  }
  await server.database.pool.query(
    `update "user" set "emailVerified" = true where email like 'bench.login.%'`,
  )

  const cost = await hashCost()
  await signIns(server.url, emails.slice(0, 2)) // warm-up (JIT, pool connections)
  const ok = await signIns(server.url, emails)
  const unknown = await signIns(
    server.url,
    emails.map((e) => e.replace('bench.login', 'ninguem')),
  )

  const cores = availableParallelism()
  console.log(
    `sign-in (${CONNECTIONS} connections, ${DURATION}s each; ${cores} cores seen; UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? 4})`,
  )
  console.log(
    `  scrypt hash: ${fmt(cost.sequentialMs, 1)} ms each on one thread; ${fmt(cost.parallelPerSecond)} hashes/s in parallel`,
  )
  console.log(
    `  bound: ≈ ${fmt(1000 / cost.sequentialMs, 1)} sign-ins/s per core (${fmt((cores * 1000) / cost.sequentialMs)} for ${cores} cores)`,
  )
  for (const [name, r] of [
    ['right password', ok],
    ['unknown e-mail', unknown],
  ] as const) {
    const codes = Object.entries(r.statuses ?? {})
      .map(([code, s]) => `${code}×${s.count}`)
      .join(' ')
    console.log(
      `  ${name.padEnd(15)} ${fmt(r.rps, 1).padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   [${codes}] errors ${r.errors}`,
    )
  }
} finally {
  await server.cleanup()
}
