import os from 'node:os'
import { fmt, startBenchServer } from '../../../bench/bench-server.ts'
import {
  cardBills,
  createAccount,
  listAccounts,
  recordEntry,
  recordTransfer,
} from '../src/ledger/index.ts'
import { balanceSql } from '../src/ledger/accounts/balances.queries.ts'
import { withTransaction } from '../src/platform/db/transaction.ts'
import { ledgerForUser } from '../src/tenancy/ledgers.queries.ts'
import { percentile, signedInCookie } from './bench-helpers.ts'

/**
 * Accounts (issue 21): a ledger of 100,000 entries over three years on 10 accounts (3 cards),
 * with 1,000 transfers.
 * 1. All the accounts' balances + one card's bills (its open one among them): p50/p99 of the
 *    ledger functions (listAccounts, cardBills), and of GET /api/v1/accounts and
 *    /api/v1/accounts/:id/invoices over HTTP. Goal: p99 ≤ 10 ms.
 * 2. Recording an entry (recordEntry in its transaction, as POST /api/v1/transactions does)
 *    with migration 018's triggers (default account, account day totals) against without them
 *    (the column free to be null, nothing filling it: the cost before issue 21), in
 *    alternating rounds. Goal: within 10 %.
 * The machine is shared: the database's own execution time of the statements (EXPLAIN
 * ANALYZE) is printed too, and the load average.
 */
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6)
const PER_ROUND = Number(process.env.BENCH_PER_ROUND ?? 300)

const server = await startBenchServer()
try {
  console.log(
    `load average: ${os
      .loadavg()
      .map((l) => fmt(l, 1))
      .join(' ')} (${os.cpus().length} cores)`,
  )
  const db = server.database.pool
  const { cookie, userId } = await signedInCookie(server.url, db)
  const ledger = await ledgerForUser(db, { userId })
  const { ledgerId } = ledger
  await db.query(`update subscribers set plan_type = 'pf_simples' where user_id = $1`, [userId])

  const kinds = [
    { name: 'Itaú', kind: 'checking' },
    { name: 'Poupança', kind: 'savings' },
    { name: 'Carteira', kind: 'cash' },
    { name: 'Tesouro', kind: 'investment' },
    { name: 'Corretora', kind: 'investment' },
    { name: 'Nubank', kind: 'credit_card', closing_day: 3, due_day: 10 },
    { name: 'Inter', kind: 'credit_card', closing_day: 31, due_day: 7 },
    { name: 'C6', kind: 'credit_card', closing_day: 25, due_day: 5 },
    { name: 'Caixinha', kind: 'savings' },
  ] as const
  for (const input of kinds) await createAccount(db, { ledgerId, input })
  const accounts = await listAccounts(db, { ledgerId })
  const ids = accounts.map((a) => a.id)
  const card = accounts.find((a) => a.name === 'Nubank')
  if (accounts.length !== 10 || !card) throw new Error('unexpected accounts')

  const seedStart = performance.now()
  await db.query(
    `insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                               occurred_on, source, account_id)
     select $1, $2,
            case when i % 10 = 0 then 'income' else 'expense' end,
            1 + (i * 7919) % 50000,
            'lançamento ' || i,
            case when i % 10 = 0 then 'salario' else 'mercado' end,
            current_date - 1000 + (i % 1100),
            'whatsapp',
            ($3::bigint[])[1 + i % 10]
       from generate_series(1, $4::int) as i`,
    [ledgerId, userId, ids, ENTRIES],
  )
  for (let i = 0; i < 1000; i++) {
    await withTransaction(db, (tx) =>
      recordTransfer(tx, {
        ledgerId,
        createdBy: userId,
        transfer: {
          from_account_id: ids[i % 10] as number,
          to_account_id: ids[(i + 1) % 10] as number,
          amount_cents: 100 + i,
          occurred_on: new Date(Date.now() - (i % 900) * 86_400_000).toISOString().slice(0, 10),
        },
        source: 'web',
      }),
    )
  }
  await db.query('vacuum analyze')
  console.log(
    `seeded ${fmt(ENTRIES)} entries on 10 accounts over 3 years, 1,000 transfers, in ${fmt((performance.now() - seedStart) / 1000, 1)} s`,
  )

  const measure = async (label: string, run: () => Promise<unknown>) => {
    for (let i = 0; i < 20; i++) await run() // warm-up
    const times: number[] = []
    for (let i = 0; i < REQUESTS; i++) {
      const start = performance.now()
      await run()
      times.push(performance.now() - start)
    }
    times.sort((a, b) => a - b)
    const p99 = percentile(times, 99)
    console.log(
      `  ${label.padEnd(58)} p50 ${fmt(percentile(times, 50), 2)} ms   p99 ${fmt(p99, 2)} ms   ${p99 <= 10 ? 'ok (≤ 10 ms)' : 'OVER 10 ms'}`,
    )
  }

  console.log(`balances and a card's bills, ${REQUESTS} sequential calls:`)
  // The floor on this machine right now: one round trip to the database that does nothing.
  await measure('select 1 (one round trip: the floor)', () => db.query('select 1'))
  await measure('listAccounts (10 balances)', () => listAccounts(db, { ledgerId }))
  await measure("cardBills (one card's bills, the open one among them)", () =>
    cardBills(db, { ledgerId, accountId: card.id }),
  )
  await measure('listAccounts + cardBills', async () => {
    await listAccounts(db, { ledgerId })
    const bills = await cardBills(db, { ledgerId, accountId: card.id })
    if (!bills.some((b) => b.status === 'open')) throw new Error('no open bill')
  })
  // The database's own time for the statements behind them (no client, no event loop).
  const explain = async (label: string, sql: string, params: unknown[]) => {
    const times: number[] = []
    const planning: number[] = []
    for (let i = 0; i < 50; i++) {
      const { rows } = await db.query<{
        'QUERY PLAN': { 'Execution Time': number; 'Planning Time': number }[]
      }>(`explain (analyze, format json) ${sql}`, params)
      times.push(rows[0]?.['QUERY PLAN'][0]?.['Execution Time'] ?? Number.NaN)
      planning.push(rows[0]?.['QUERY PLAN'][0]?.['Planning Time'] ?? Number.NaN)
    }
    times.sort((a, b) => a - b)
    planning.sort((a, b) => a - b)
    console.log(
      `  ${label.padEnd(58)} p50 ${fmt(percentile(times, 50), 3)} ms   p99 ${fmt(percentile(times, 99), 3)} ms   (planning, unprepared: p50 ${fmt(percentile(planning, 50), 3)} ms)`,
    )
  }
  const today = new Date().toISOString().slice(0, 10)
  console.log('in the database (EXPLAIN ANALYZE execution time, 50 runs):')
  await explain(
    'listAccounts statement',
    `select a.id, ${balanceSql('$2::date')} as b from accounts a where a.ledger_id = $1`,
    [ledgerId, today],
  )
  await explain(
    'cardBills statement (the card, its days by bill, payments)',
    `select a.id,
            (select coalesce(sum(t.amount_cents), 0)::bigint from transfers t
              where t.to_account_id = a.id and t.occurred_on <= $3) as paid,
            (select coalesce(json_agg(b), '[]') from (
               select min(d.day), (-sum(d.net_cents))::bigint, sum(d.entries)::bigint
                 from account_day_totals d where d.account_id = a.id and d.entries > 0
                group by card_bill_month(d.day, a.closing_day, a.due_day)) b) as bills
       from accounts a where a.ledger_id = $1 and a.id = $2`,
    [ledgerId, card.id, today],
  )

  const get = (path: string) => async () => {
    const res = await fetch(`${server.url}${path}`, { headers: { cookie } })
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`)
    await res.json()
  }
  await measure('GET /api/v1/accounts (HTTP, session)', get('/api/v1/accounts'))
  await measure(
    'GET /api/v1/accounts/:id/invoices (HTTP, session)',
    get(`/api/v1/accounts/${card.id}/invoices`),
  )

  // Recording: alternating rounds with and without migration 018's work on insert.
  const withoutAccounts = async () => {
    await db.query(`alter table transactions drop constraint transactions_account_present;
      alter table transactions disable trigger transactions_default_account;
      alter table transactions disable trigger transactions_account_totals_insert;
      alter table transactions disable trigger transactions_account_totals_delete`)
  }
  const withAccounts = async () => {
    await db.query(`alter table transactions enable trigger transactions_default_account;
      alter table transactions enable trigger transactions_account_totals_insert;
      alter table transactions enable trigger transactions_account_totals_delete;
      alter table transactions
        add constraint transactions_account_present check (account_id is not null)`)
  }
  const record = async (accountId?: number) => {
    const times: number[] = []
    const made: number[] = []
    for (let i = 0; i < PER_ROUND; i++) {
      const start = performance.now()
      const { entry } = await withTransaction(db, (tx) =>
        recordEntry(tx, {
          ledger,
          userId,
          entry: {
            type: 'expense',
            amount_cents: 1000 + i,
            description: 'café',
            category: 'alimentacao',
            occurred_on: new Date().toISOString().slice(0, 10),
          },
          source: 'web',
          accountId,
        }),
      )
      times.push(performance.now() - start)
      made.push(entry.id)
    }
    // Not timed: the round's entries go, so every round starts from the same ledger.
    await db.query('delete from transactions where id = any($1)', [made])
    return times
  }
  const before: number[] = []
  const after: number[] = []
  const onCard: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    await withoutAccounts()
    before.push(...(await record()))
    await withAccounts()
    after.push(...(await record()))
    onCard.push(...(await record(card.id)))
  }
  const median = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    )
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length
  console.log(`recording an entry (recordEntry + its transaction), ${fmt(before.length)} each:`)
  for (const [label, xs] of [
    ['before (no account triggers)', before],
    ['after, default account', after],
    ['after, on a card (account_id given)', onCard],
  ] as const) {
    const change = ((median(xs) - median(before)) / median(before)) * 100
    console.log(
      `  ${label.padEnd(38)} p50 ${fmt(median(xs), 3)} ms   mean ${fmt(mean(xs), 3)} ms   p99 ${fmt(
        percentile(
          [...xs].sort((a, b) => a - b),
          99,
        ),
        2,
      )} ms   ${label.startsWith('before') ? '' : `${change >= 0 ? '+' : ''}${fmt(change, 1)} % (p50)`}`,
    )
  }
  console.log(
    `load average: ${os
      .loadavg()
      .map((l) => fmt(l, 1))
      .join(' ')} (${os.cpus().length} cores)`,
  )
} finally {
  await server.cleanup()
}
