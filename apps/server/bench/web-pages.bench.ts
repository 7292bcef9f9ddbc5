import { fork } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import path from 'node:path'
import { saoPauloMonth } from '@equilibrai/shared'
import { fmt, startBenchServer } from '../../../bench/bench-server.ts'
import { DEFAULT_AUTH_RATE_LIMITS } from '../src/accounts/auth-rate-limits.ts'
import { ledgerForUser } from '../src/tenancy/ledgers.queries.ts'
import { signedInCookie } from './bench-helpers.ts'
import { cpuBetween, postmasterPid, treeCpu } from './cpu-meter.ts'
import { pages } from './page-calls.ts'
import { seedLedgers } from './mixed-seed.ts'
import { startCounting, stopCounting } from './query-counter.ts'

/**
 * The server's CPU per API request of each page (issue 27's web side, without the chat): the
 * server in this process on a real embedded PostgreSQL, the load in a child (web-pages-load.ts).
 * BENCH_WEB_USERS signed-in people (12 months of BENCH_WEB_PER_MONTH entries each, the mixed
 * bench's ledgers) load one page over and over, every API call of the page at once over 6
 * connections and no pause, for BENCH_SECONDS; then the next page, BENCH_ROUNDS times. Printed per
 * page: API requests/s, the server process's CPU ms per API request and PostgreSQL's (from /proc,
 * so not the machine's other work), and the round trips to PostgreSQL of one page load (exact).
 * BENCH_PROFILE=file.cpuprofile writes the server's CPU profile (node:inspector) over the
 * measured rounds.
 */
const WEB_USERS = Number(process.env.BENCH_WEB_USERS ?? 10)
const WEB_PER_MONTH = Number(process.env.BENCH_WEB_PER_MONTH ?? 120)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const PROFILE = process.env.BENCH_PROFILE

const unlimited = { max: 1_000_000_000, windowSeconds: 60 }
const authRateLimits = Object.fromEntries(
  Object.keys(DEFAULT_AUTH_RATE_LIMITS).map((name) => [name, unlimited]),
)
const server = await startBenchServer({}, { authRateLimits })
const load = fork(path.resolve(import.meta.dirname, 'web-pages-load.ts'), [], {
  execArgv: process.execArgv,
})
const nextMessage = <T>() =>
  new Promise<T>((resolve) => load.once('message', (m) => resolve(m as T)))
try {
  await nextMessage<'ready'>()
  const db = server.database.pool
  const users: Array<{ cookie: string; ip: string }> = []
  const ledgerIds: number[] = []
  for (let i = 0; i < WEB_USERS; i++) {
    const { cookie, userId } = await signedInCookie(
      server.url,
      db,
      `pages.${i}.${Date.now()}@exemplo.com.br`,
    )
    await db.query('update subscribers set plan_type = $2 where user_id = $1', [
      userId,
      i % 5 === 0 ? 'empresas_15' : 'pf_simples',
    ])
    ledgerIds.push((await ledgerForUser(db, { userId })).ledgerId)
    users.push({ cookie, ip: `10.8.0.${i % 250}` })
  }
  await seedLedgers(db, { ledgerIds, months: 12, perMonth: WEB_PER_MONTH })
  await db.query('analyze')
  const month = saoPauloMonth(new Date())
  const names = Object.keys(pages(month))
  const measure = () =>
    treeCpu(process.pid, { postgres: postmasterPid(server.deps.env.DATA_DIR), load: load.pid })
  const drive = async (page: string, seconds: number) => {
    const done = nextMessage<{ requests: number; failed: number }>()
    load.send({ url: server.url, month, users, page, seconds })
    return done
  }
  for (const page of names) await drive(page, 1) // warm-up
  // Round trips to PostgreSQL of one page load (exact, not timed), one person's.
  const roundTrips = new Map<string, number>()
  for (const page of names) {
    const first = users[0]
    if (!first) break
    const headers = { cookie: first.cookie, 'x-forwarded-for': first.ip }
    startCounting()
    await Promise.all(
      (pages(month)[page] ?? []).map((p) =>
        fetch(new URL(p, server.url), { headers }).then((r) => r.arrayBuffer()),
      ),
    )
    roundTrips.set(
      page,
      stopCounting().reduce((sum, s) => sum + s.count, 0),
    )
  }
  const session = new Session()
  if (PROFILE) {
    session.connect()
    await session.post('Profiler.enable')
    await session.post('Profiler.start')
  }
  const totals = new Map(names.map((n) => [n, { requests: 0, failed: 0, server: 0, postgres: 0 }]))
  for (let round = 0; round < ROUNDS; round++) {
    for (const page of names) {
      const before = measure()
      const { requests, failed } = await drive(page, SECONDS)
      const cpu = cpuBetween(before, measure())
      const t = totals.get(page)
      if (!t) continue
      t.requests += requests
      t.failed += failed
      t.server += cpu.rest ?? 0
      t.postgres += cpu.postgres ?? 0
    }
  }
  if (PROFILE) {
    const { profile } = await session.post('Profiler.stop')
    writeFileSync(PROFILE, JSON.stringify(profile))
    session.disconnect()
  }
  console.log(
    `${fmt(WEB_USERS)} web users (12 months × ${fmt(WEB_PER_MONTH)} entries), each page ${ROUNDS} × ${SECONDS} s, no pause:`,
  )
  for (const [page, t] of totals) {
    console.log(
      `  ${page.padEnd(12)} ${fmt(t.requests / (ROUNDS * SECONDS), 1).padStart(6)} API requests/s   server CPU ${fmt(t.server / t.requests, 2)} ms/request   PostgreSQL ${fmt(t.postgres / t.requests, 2)} ms/request   ${roundTrips.get(page) ?? '?'} round trips a load   ${t.failed} unexpected answers`,
    )
  }
} finally {
  load.send('exit')
  await server.cleanup()
}
