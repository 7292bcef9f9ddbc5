import { type ChildProcess, fork } from 'node:child_process'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { saoPauloMonth } from '@equilibrai/shared'
import { fmt, startBenchServer } from '../../../bench/bench-server.ts'
import { DEFAULT_AUTH_RATE_LIMITS } from '../src/accounts/auth-rate-limits.ts'
import { recordTransfer } from '../src/ledger/index.ts'
import { withTransaction } from '../src/platform/db/transaction.ts'
import { ledgerForUser } from '../src/tenancy/ledgers.queries.ts'
import { fakeMetaEnv } from '../test/fake-meta.ts'
import { insertPeople } from '../test/bulk-people.ts'
import { signedInCookie } from './bench-helpers.ts'
import type { Plan, WebUser } from './mixed-load.ts'
import { seedLedgers } from './mixed-seed.ts'
import { watchServerWaits } from './server-waits.ts'

/**
 * Mixed load (issue 27): 1,000 people chatting on WhatsApp while 50 people use the web app.
 *
 * The server runs in this process and the job runner in a process of its own (worker.ts), as
 * `npm start` runs them in production (WORKER=process), on a real embedded PostgreSQL. The load
 * runs in a third process (mixed-load.ts) with the fake Graph API the replies go to.
 *
 * Seeded: BENCH_PEOPLE WhatsApp-linked people (6 months of 40 entries a month each) and
 * BENCH_WEB_USERS people signed in over HTTP (12 months of BENCH_WEB_PER_MONTH entries, 24
 * transfers), every ledger with 5 accounts (a card among them), 4 bills, 2 recurring entries and
 * 4 budgets; the web users on pf_simples, one in five on empresas_15.
 *
 * Each web user loads /dashboard, /financas and /relatorios in turn, firing every API call the
 * page makes on load at once (the list in mixed-load.ts, read from the browser) over 6
 * connections, then pauses BENCH_THINK_MS (± 50 %; default 10 s, a human pace: a page every
 * 5–15 s per person, already heavy browsing; "50 use the web" is 50 people with the app open —
 * BENCH_THINK_MS=1000 is the old, far heavier closed loop). First BENCH_WEB_ALONE_SECONDS of
 * web alone, then the burst: BENCH_MESSAGES signed webhook deliveries at BENCH_RATE/s, the web load going
 * on until the last reply reaches the fake Graph API (at most BENCH_MAX_SECONDS). Printed: per
 * page and per route p50/p95/p99/max and count, alone and during the burst; the chat's
 * throughput; the target, each page's API p99 < 200 ms during the burst.
 */
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 1000)
const WEB_USERS = Number(process.env.BENCH_WEB_USERS ?? 50)
const WEB_PER_MONTH = Number(process.env.BENCH_WEB_PER_MONTH ?? 120)
const RATE = Number(process.env.BENCH_RATE ?? 100)
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? RATE * 20)
const ALONE_SECONDS = Number(process.env.BENCH_WEB_ALONE_SECONDS ?? 10)
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 10000)
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 180)
const SLOW_SQL_MS = process.env.BENCH_SLOW_SQL_MS

/** PostgreSQL's log of slow statements (log_min_duration_statement), by statement: count, max. */
function printSlowStatements(logFile: string) {
  const byStatement = new Map<string, number[]>()
  for (const m of readFileSync(logFile, 'utf8').matchAll(
    /duration: ([\d.]+) ms {2}(?:execute [^:]*|statement|bind [^:]*|parse [^:]*): ([^\n]*)/g,
  )) {
    const key = (m[2] ?? '').replace(/\s+/g, ' ').slice(0, 110)
    byStatement.set(key, [...(byStatement.get(key) ?? []), Number(m[1])])
  }
  console.log(`Statements slower than ${SLOW_SQL_MS} ms (PostgreSQL's log):`)
  for (const [sql, ms] of [...byStatement].sort((a, b) => b[1].length - a[1].length).slice(0, 15)) {
    console.log(
      `  ×${String(ms.length).padStart(4)}  max ${fmt(Math.max(...ms), 1).padStart(8)} ms  ${sql}`,
    )
  }
}

const unlimited = { max: 1_000_000_000, windowSeconds: 60 }
const authRateLimits = Object.fromEntries(
  Object.keys(DEFAULT_AUTH_RATE_LIMITS).map((name) => [name, unlimited]),
)

function forkLoad(): Promise<{ child: ChildProcess; fakeUrl: string }> {
  const child = fork(path.resolve(import.meta.dirname, 'mixed-load.ts'), [], {
    execArgv: process.execArgv,
  })
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, fakeUrl: (m as { fake: string }).fake }))
    child.once('exit', (code) => reject(new Error(`load process exited (${code})`)))
  })
}

const load = await forkLoad()
const server = await startBenchServer(
  {
    ...fakeMetaEnv({ url: load.fakeUrl }),
    WORKER: 'off',
    ...(process.env.WORKER_CONCURRENCY
      ? { WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY }
      : {}),
    // The api lane (ADR 037): API_CONCURRENCY=1000 compares with no bound.
    ...(process.env.API_CONCURRENCY ? { API_CONCURRENCY: process.env.API_CONCURRENCY } : {}),
  },
  { authRateLimits },
)
const db = server.database.pool
let worker: ChildProcess | null = null

/** The job runner in its own process on the same database, as WORKER=process starts it. */
function forkWorker(): ChildProcess {
  return fork(path.resolve(import.meta.dirname, '../src/app/worker.ts'), [], {
    execArgv: process.execArgv,
    env: {
      ...process.env,
      ...fakeMetaEnv({ url: load.fakeUrl }),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: server.database.url,
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      WORKER_CONCURRENCY: String(server.deps.env.WORKER_CONCURRENCY),
    },
  })
}

try {
  const seedStart = performance.now()
  const people = await insertPeople(db, { count: PEOPLE, prefix: 'chat_' })
  const { rows: links } = await db.query<{ wa_id: string }>(
    `insert into whatsapp_links (user_id, phone_key, wa_id)
     select owner_user_id, '55119' || (70000000 + id), '55119' || (70000000 + id)
       from ledgers where id = any($1::bigint[]) returning wa_id`,
    [people],
  )
  // In chunks: each statement stays well within the server's statement timeout.
  let chatEntries = 0
  for (let i = 0; i < people.length; i += 50) {
    const ledgerIds = people.slice(i, i + 50)
    chatEntries += await seedLedgers(db, { ledgerIds, months: 6, perMonth: 40 })
  }

  const users: WebUser[] = []
  const webLedgers: Array<{ ledgerId: number; userId: string }> = []
  for (let i = 0; i < WEB_USERS; i++) {
    const { cookie, userId } = await signedInCookie(
      server.url,
      db,
      `web.${i}.${Date.now()}@exemplo.com.br`,
    )
    await db.query('update subscribers set plan_type = $2 where user_id = $1', [
      userId,
      i % 5 === 0 ? 'empresas_15' : 'pf_simples',
    ])
    const { ledgerId } = await ledgerForUser(db, { userId })
    webLedgers.push({ ledgerId, userId })
    users.push({ cookie, ip: `10.9.${Math.floor(i / 250)}.${i % 250}` })
  }
  let webEntries = 0
  for (let i = 0; i < webLedgers.length; i += 10) {
    const ledgerIds = webLedgers.slice(i, i + 10).map((l) => l.ledgerId)
    webEntries += await seedLedgers(db, { ledgerIds, months: 12, perMonth: WEB_PER_MONTH })
  }
  for (const { ledgerId, userId } of webLedgers) {
    const { rows: acc } = await db.query<{ id: number }>(
      `select id from accounts where ledger_id = $1 and kind <> 'credit_card' order by id`,
      [ledgerId],
    )
    for (let k = 0; k < 24; k++) {
      const from = acc[k % acc.length]?.id ?? 0
      const to = acc[(k + 1) % acc.length]?.id ?? 0
      await withTransaction(db, (tx) =>
        recordTransfer(tx, {
          ledgerId,
          createdBy: userId,
          transfer: {
            from_account_id: from,
            to_account_id: to,
            amount_cents: 10_000 + k,
            occurred_on: new Date(Date.now() - k * 15 * 86_400_000).toISOString().slice(0, 10),
          },
          source: 'web',
        }),
      )
    }
  }
  const maintenance = await db.connect()
  try {
    await maintenance.query('set statement_timeout = 0')
    await maintenance.query('vacuum analyze')
  } finally {
    maintenance.release()
  }
  console.log(
    `Seeded ${fmt(PEOPLE)} WhatsApp people (${fmt(chatEntries)} entries) and ${fmt(WEB_USERS)} web users (${fmt(webEntries)} entries, ${fmt(WEB_USERS * 24)} transfers) in ${fmt((performance.now() - seedStart) / 1000, 1)} s`,
  )

  worker = forkWorker()
  const plan: Plan = {
    url: server.url,
    month: saoPauloMonth(new Date()),
    users,
    waIds: links.map((l) => l.wa_id),
    rate: RATE,
    messages: MESSAGES,
    aloneSeconds: ALONE_SECONDS,
    thinkMs: THINK_MS,
    maxSeconds: MAX_SECONDS,
  }
  // BENCH_SLOW_SQL_MS: PostgreSQL logs every statement slower than that; summed at the end.
  if (SLOW_SQL_MS) {
    await db.query(`alter system set log_min_duration_statement = ${Number(SLOW_SQL_MS)}`)
    await db.query('select pg_reload_conf()')
  }
  const waits = watchServerWaits({ lane: server.deps.lanes.api, pool: db })
  const done = new Promise<void>((resolve) =>
    load.child.on('message', (m: { phase?: string; done?: boolean }) => {
      if (m.phase === 'mixed') waits.phase('during the burst')
      if (m.phase === 'stop') waits.stop()
      if (m.done) resolve()
    }),
  )
  const loadAt = os.loadavg()
  waits.phase('web alone')
  load.child.send(plan)
  await done
  waits.report()
  if (SLOW_SQL_MS) printSlowStatements(path.join(server.deps.env.DATA_DIR, 'postgres.log'))
  console.log(
    `Load average (1 min) at the start ${fmt(loadAt[0] ?? 0, 1)}, at the end ${fmt(os.loadavg()[0] ?? 0, 1)}; ${os.cpus().length} cores; worker concurrency ${server.deps.env.WORKER_CONCURRENCY}; api lane ${server.deps.env.API_CONCURRENCY} at once, ${server.deps.env.API_QUEUE} waiting`,
  )
} finally {
  const child = worker
  if (child && child.exitCode === null) {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  }
  if (load.child.exitCode === null) load.child.kill('SIGTERM')
  await server.cleanup()
}
