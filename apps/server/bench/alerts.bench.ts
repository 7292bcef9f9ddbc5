import { fmt, startBenchServer } from '../../../bench/bench-server.ts'
import { checkEntryAlerts } from '../src/alerts/entry-alerts.ts'
import { setBudget } from '../src/budgets/budgets.queries.ts'
import { createPool } from '../src/platform/db/database.ts'
import { withTransaction } from '../src/platform/db/transaction.ts'
import { sendDueBillReminders } from '../src/bills/bill-reminders.ts'
import { sendCardBillReminders } from '../src/bills/card-bill-reminders.ts'
import { recordEntry } from '../src/ledger/entries.ts'
import { runRecurringEntries } from '../src/recurring/recurring-run.ts'
import { insertPeople } from '../test/bulk-people.ts'
import { seedDailyPeople, worstDay } from './daily-runs-seed.ts'
import { realisticLedger } from '../test/realistic-ledger.ts'
import { percentile } from './bench-helpers.ts'
import { cpuBetween, postmasterPid, treeCpu } from './cpu-meter.ts'
import {
  dataDirWithStatements,
  printIoAndWal,
  printStatementTimes,
  resetIoAndWal,
  resetStatements,
} from './pg-statements.ts'
import { printIndexScans, printRowsWritten, rowsWritten } from './rows-written.ts'

/*
 * Alerts at scale:
 *
 * 1. The daily runs over BENCH_PEOPLE (100,000) people, each with 3 bills, 2 recurring entries
 *    and a credit card (a purchase and a TV in 3 installments on it); half of them on the free
 *    plan (5 entries a month), 1 % of people (all free) with this month's entries used up (their
 *    recurring entries are refused and they are told), everyone else's counter still on an
 *    earlier month (it turns on the run, counting the installments dated in the new month;
 *    daily-runs-seed.ts). bill_reminders at
 *    09:00 (bills and card bills) and recurring_entries, as the schedule runs them:
 *    - a typical day: due days spread over the month (each day ~1/28 of the bills and cards are
 *      due tomorrow, ~1/28 today, ~1/28 of the recurring entries fall on it);
 *    - the worst day: every bill and every card bill due tomorrow and every recurring entry due
 *      today.
 *    Total time and rows per second (reminders recorded with their delivery job; entries
 *    recorded with the plan's limit and the budget check).
 *    The worst day is profiled: its phases' seconds, the CPU of this process (Node) and of the
 *    embedded PostgreSQL meanwhile, and its top statements by total execution time
 *    (pg_stat_statements, track=all; pg-statements.ts). BENCH_STATEMENTS=off runs without the
 *    extension (to see what tracking costs). Then the rows each table got (rows-written.ts: the
 *    key checks follow them, and one statements line holds several tables' checks), and after the
 *    runs the index scans on transactions.
 * 2. What the budget / high-spending check adds to recording an entry: p50/p99 of
 *    checkEntryAlerts inside the entry's transaction, for people with a realistic 6-month
 *    ledger and budgets (BENCH_SAMPLES entries), among the BENCH_PEOPLE people above.
 */
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 100_000)
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 3_000)

// The embedded cluster with pg_stat_statements preloaded (the worst day's statement times).
const statementsDir =
  process.env.BENCH_DATABASE_URL || process.env.BENCH_STATEMENTS === 'off'
    ? null
    : await dataDirWithStatements({
        track_io_timing: 'on',
        track_wal_io_timing: 'on',
        // BENCH_PG_SETTINGS='work_mem=8MB …': to try a setting side by side (not one that
        // embedded-postgres.ts passes on the command line: those win over ALTER SYSTEM).
        ...Object.fromEntries(
          (process.env.BENCH_PG_SETTINGS ?? '')
            .split(/\s+/)
            .filter(Boolean)
            .map((s) => s.split('=') as [string, string]),
        ),
      })
const server = await startBenchServer(statementsDir ? { DATA_DIR: statementsDir } : {})
const db = server.database.pool
const env = server.deps.env
// Seeding and reshaping the data set: big statements, without the server's statement timeout
// (the runs themselves go through the server's pool and its timeout, as in production).
const seed = createPool(server.database.url)
try {
  // ---- 1. daily runs ---------------------------------------------------------------------
  let t = performance.now()
  await seedDailyPeople(seed, PEOPLE)
  console.log(
    `seeded ${fmt(PEOPLE)} people, ${fmt(PEOPLE * 3)} bills, ${fmt(PEOPLE * 2)} recurring entries, ` +
      `${fmt(PEOPLE)} cards with ${fmt(PEOPLE * 4)} entries in ${fmt((performance.now() - t) / 1000, 1)} s`,
  )

  async function daily(label: string, day: string, profile = false) {
    if (profile && statementsDir) {
      await resetStatements(db)
      await resetIoAndWal(db)
    }
    // The tables the run writes, to read the foreign keys' checks above by (rows-written.ts).
    const written = profile ? await rowsWritten(db) : undefined
    const cpuParts = () =>
      treeCpu(process.pid, { postgres: postmasterPid(server.deps.env.DATA_DIR) })
    const cpuBefore = cpuParts()
    const start = performance.now()
    const bills = await sendDueBillReminders(db, env, new Date(`${day}T12:00:00Z`))
    const billsEnd = performance.now()
    const cards = await sendCardBillReminders(db, env, new Date(`${day}T12:00:00Z`))
    const mid = performance.now()
    const recurring = await runRecurringEntries(db, env, new Date(`${day}T09:00:00Z`))
    const end = performance.now()
    const cpu = cpuBetween(cpuBefore, cpuParts())
    const r = (mid - start) / 1000
    const e = (end - mid) / 1000
    const sent = bills.sent + cards.sent
    console.log(
      `${label}: bill_reminders ${fmt(sent)} reminders (${fmt(bills.sent)} bills in ${fmt((billsEnd - start) / 1000, 2)} s, ${fmt(cards.sent)} cards in ${fmt((mid - billsEnd) / 1000, 2)} s) in ${fmt(r, 2)} s (${fmt(sent / r)}/s); ` +
        `recurring_entries ${fmt(recurring.recorded)} entries (${fmt(recurring.refused)} refused) in ${fmt(e, 2)} s (${fmt((recurring.recorded + recurring.refused) / e)}/s); ` +
        `total ${fmt(r + e, 2)} s`,
    )
    if (!profile) return
    // CPU seconds of the run: this process (Node, both lanes' JS) and the embedded PostgreSQL
    // (its backends, WAL writer, checkpointer, autovacuum). Over 2 cores, the wall time's floor.
    console.log(
      `  CPU meanwhile: Node ${fmt((cpu.rest ?? 0) / 1000, 1)} s, PostgreSQL ${fmt((cpu.postgres ?? 0) / 1000, 1)} s (wall ${fmt(r + e, 1)} s)`,
    )
    if (statementsDir) {
      // The whole run's totals (ms and calls in the run), its top statements first.
      await printStatementTimes(db, 1, fmt, 25, 'run')
      await printIoAndWal(db, fmt)
    }
    if (written) await printRowsWritten(db, written, fmt)
  }
  await daily('typical day (2026-12-10)', '2026-12-10')
  // A rerun of the same day: nothing new, only the reading.
  await daily('same day again (idempotent rerun)', '2026-12-10')

  // Worst day: everything due at once (daily-runs-seed.ts).
  await worstDay(seed)
  await daily(
    'worst day (every bill and card bill due tomorrow, every recurring entry today)',
    '2027-01-05',
    true,
  )
  await daily('worst day again (idempotent rerun)', '2027-01-05')
  await printIndexScans(db, 'transactions', fmt)

  // ---- 2. the check's cost per entry ------------------------------------------------------
  t = performance.now()
  const people = await insertPeople(db, { count: 200, prefix: 'bench_check_' })
  const owners = (
    await db.query<{ id: number; owner_user_id: string }>(
      'select id, owner_user_id from ledgers where id = any($1::bigint[]) order by id',
      [people],
    )
  ).rows
  for (const [i, ledger] of owners.entries()) {
    const history = realisticLedger('2026-06', 5, i + 1)
    await db.query(
      `insert into transactions (ledger_id, created_by, type, amount_cents, description, category, occurred_on, source)
       select $1, $2, 'expense', a, d, c, o::date, 'web'
         from unnest($3::bigint[], $4::text[], $5::text[], $6::text[]) as x(a, d, c, o)`,
      [
        ledger.id,
        ledger.owner_user_id,
        history.map((e) => e.amount_cents),
        history.map((e) => e.description),
        history.map((e) => e.category),
        history.map((e) => e.occurred_on),
      ],
    )
    for (const category of ['mercado', 'alimentacao', 'lazer'] as const) {
      await setBudget(db, { ledgerId: ledger.id, category, month: '2026-11', limitCents: 100_000 })
    }
  }
  // A settled database: the worst day's dead rows vacuumed and its writes checkpointed, so the
  // samples time the check, not the autovacuum and checkpoint the runs above leave behind.
  await seed.query('vacuum analyze')
  await seed.query('checkpoint')
  console.log(
    `seeded 200 realistic ledgers with budgets in ${fmt((performance.now() - t) / 1000, 1)} s`,
  )

  const november = realisticLedger('2026-11', 1, 999)
  const timings: Record<'all' | 'budget' | 'large', number[]> = { all: [], budget: [], large: [] }
  for (let s = 0; s < SAMPLES; s++) {
    const ledger = owners[s % owners.length] as { id: number; owner_user_id: string }
    const e = november[s % november.length] as (typeof november)[number]
    await withTransaction(db, async (tx) => {
      const ref = { ledgerId: ledger.id, ownerId: ledger.owner_user_id }
      const { entry } = await recordEntry(tx, {
        ledger: ref,
        userId: ledger.owner_user_id,
        entry: { type: 'expense', ...e },
        source: 'web',
      })
      // The same check again, timed alone (its alerts, if any, exist now: same queries).
      const start = performance.now()
      await checkEntryAlerts(tx, { ledger: ref, entry })
      const ms = performance.now() - start
      timings.all.push(ms)
      if (['mercado', 'alimentacao', 'lazer'].includes(e.category)) timings.budget.push(ms)
      if (e.amount_cents >= 150_00) timings.large.push(ms)
    })
  }
  for (const [name, list] of Object.entries(timings)) {
    list.sort((a, b) => a - b)
    console.log(
      `budget/high-spending check, ${name} entries (${fmt(list.length)}): p50 ${fmt(percentile(list, 50), 3)} ms, p99 ${fmt(percentile(list, 99), 3)} ms`,
    )
  }
} finally {
  await seed.end()
  await server.cleanup()
}
