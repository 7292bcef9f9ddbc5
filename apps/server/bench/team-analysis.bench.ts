import { fmt, startBenchServer } from '../../../bench/bench-server.ts'
import { ledgerForUser } from '../src/tenancy/ledgers.queries.ts'
import { percentile, signedInCookie } from './bench-helpers.ts'

/**
 * Issue 14's costs: (1) ledgerForUser for a team member (team lookup with the owner's plan and
 * seat rank) against a person working alone — every ledger request and WhatsApp message pays
 * it; (2) GET /api/v1/analysis?months=12 over HTTP for a team ledger holding 12 months of
 * entries (BENCH_MONTH_ENTRIES a month), as the owner and as a member.
 */
const MONTH_ENTRIES = Number(process.env.BENCH_MONTH_ENTRIES ?? 10_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200)
const CALLS = Number(process.env.BENCH_CALLS ?? 2_000)

async function timed(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < n; i++) {
    const start = performance.now()
    await fn()
    times.push(performance.now() - start)
  }
  return times.sort((a, b) => a - b)
}

const line = (label: string, t: number[]) =>
  console.log(
    `  ${label.padEnd(34)} p50 ${fmt(percentile(t, 50), 3)} ms   p99 ${fmt(percentile(t, 99), 3)} ms`,
  )

const server = await startBenchServer()
try {
  const db = server.database.pool
  const owner = await signedInCookie(server.url, db, `bench.owner.${Date.now()}@exemplo.com.br`)
  const member = await signedInCookie(server.url, db, `bench.member.${Date.now()}@exemplo.com.br`)
  const alone = await signedInCookie(server.url, db, `bench.alone.${Date.now()}@exemplo.com.br`)
  await db.query(`update subscribers set plan_type = 'empresas_15' where user_id = $1`, [
    owner.userId,
  ])
  const { ledgerId } = await ledgerForUser(db, { userId: owner.userId })
  const { rows } = await db.query<{ id: number }>(
    'insert into teams (owner_user_id, ledger_id) values ($1, $2) returning id',
    [owner.userId, ledgerId],
  )
  await db.query('insert into team_members (team_id, user_id) values ($1, $2)', [
    rows[0]?.id,
    member.userId,
  ])
  await ledgerForUser(db, { userId: alone.userId })

  const seedStart = performance.now()
  await db.query(
    `insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                               occurred_on, source)
     select $1, case when i % 2 = 0 then $2 else $3 end,
            case when i % 10 = 0 then 'income' else 'expense' end,
            1 + (i * 7919) % 50000, 'lançamento ' || i,
            case when i % 10 = 0 then 'vendas'
                 else (array['alimentacao','mercado','transporte','negocio','outros'])[1 + i % 5] end,
            (current_date - (i % 365))::date, 'whatsapp'
       from generate_series(1, $4::int) as i`,
    [ledgerId, owner.userId, member.userId, MONTH_ENTRIES * 12],
  )
  await db.query('vacuum analyze')
  console.log(
    `seeded ${fmt(MONTH_ENTRIES * 12)} entries over 12 months in ${fmt((performance.now() - seedStart) / 1000, 1)} s`,
  )

  console.log(`ledgerForUser, ${CALLS} sequential calls:`)
  for (let i = 0; i < 200; i++) await ledgerForUser(db, { userId: member.userId })
  line(
    'someone alone (own ledger)',
    await timed(CALLS, () => ledgerForUser(db, { userId: alone.userId })),
  )
  line(
    'team member (team ledger)',
    await timed(CALLS, () => ledgerForUser(db, { userId: member.userId })),
  )
  line('team owner', await timed(CALLS, () => ledgerForUser(db, { userId: owner.userId })))

  const get = (cookie: string) => async () => {
    const res = await fetch(`${server.url}/api/v1/analysis?months=12`, { headers: { cookie } })
    if (res.status !== 200) throw new Error(`analysis: ${res.status}`)
    await res.json()
  }
  for (let i = 0; i < 20; i++) await get(owner.cookie)()
  console.log(`GET /api/v1/analysis?months=12, ${REQUESTS} sequential requests:`)
  line('owner', await timed(REQUESTS, get(owner.cookie)))
  line('member', await timed(REQUESTS, get(member.cookie)))
} finally {
  await server.cleanup()
}
