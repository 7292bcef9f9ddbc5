import http from 'node:http'
import { saoPauloMonth } from '@equilibrai/shared'
import { startBenchServer } from '../../../bench/bench-server.ts'
import { DEFAULT_AUTH_RATE_LIMITS } from '../src/accounts/auth-rate-limits.ts'
import { ledgerForUser } from '../src/tenancy/ledgers.queries.ts'
import { signedInCookie } from './bench-helpers.ts'
import { pages } from './page-calls.ts'
import { seedLedgers } from './mixed-seed.ts'

/*
 * The server's CPU per API request of each route the pages call (issue 27: which calls make a
 * page's cost), one signed-in person (12 months of 120 entries, on empresas_15 so that every
 * route answers 200), BENCH_N requests of each route one after the other over one connection.
 * CPU of this process (server and client alike; the client's part is about the same for every
 * route), ms per request, most expensive first; `wall` is the time of one request.
 */
const unlimited = { max: 1_000_000_000, windowSeconds: 60 }
const authRateLimits = Object.fromEntries(
  Object.keys(DEFAULT_AUTH_RATE_LIMITS).map((n) => [n, unlimited]),
)
const server = await startBenchServer({}, { authRateLimits })
const db = server.database.pool
const { cookie, userId } = await signedInCookie(server.url, db, `cost.${Date.now()}@exemplo.com.br`)
const { ledgerId } = await ledgerForUser(db, { userId })
await db.query(`update subscribers set plan_type = 'empresas_15' where user_id = $1`, [userId])
await seedLedgers(db, { ledgerIds: [ledgerId], months: 12, perMonth: 120 })
await db.query('analyze')
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
const get = (p: string) =>
  new Promise<number>((resolve) => {
    http.get(
      new URL(p, server.url),
      { agent, headers: { cookie, accept: 'application/json' } },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
  })
const month = saoPauloMonth(new Date())
const all = [...new Set(Object.values(pages(month)).flat())]
const N = Number(process.env.BENCH_N ?? 200)
for (const p of all) for (let i = 0; i < 20; i++) await get(p)
const rows: Array<[string, number, number]> = []
for (const p of all) {
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  let status = 0
  for (let i = 0; i < N; i++) status = await get(p)
  const cpu = process.cpuUsage(cpu0)
  rows.push([
    `${p.split('?')[0]} ${status}`,
    (cpu.user + cpu.system) / 1000 / N,
    (performance.now() - t0) / N,
  ])
}
for (const [p, cpu, wall] of rows.sort((a, b) => b[1] - a[1]))
  console.log(`${p.padEnd(40)} cpu ${cpu.toFixed(2)} ms  wall ${wall.toFixed(2)} ms`)
agent.destroy()
await server.cleanup()
