import { fmt, startBenchServer } from '../../../bench/bench-server.ts'
import { checkEntryAlerts } from '../src/alerts/entry-alerts.ts'
import { setBudget } from '../src/budgets/budgets.queries.ts'
import { withTransaction } from '../src/platform/db/transaction.ts'
import { sendDueBillReminders } from '../src/bills/bill-reminders.ts'
import { recordEntry } from '../src/ledger/entries.ts'
import { runRecurringEntries } from '../src/recurring/recurring-run.ts'
import { insertPeople } from '../test/bulk-people.ts'
import { realisticLedger } from '../test/realistic-ledger.ts'
import { percentile } from './bench-helpers.ts'

/*
 * Alerts at scale:
 *
 * 1. The daily runs over BENCH_PEOPLE (100,000) people with 3 bills and 2 recurring entries
 *    each: bill_reminders at 09:00 and recurring_entries, as the schedule runs them.
 *    - a typical day: due days spread over the month (each day ~1/28 of the bills are due
 *      tomorrow, ~1/28 today, ~1/28 of the recurring entries fall on it);
 *    - the worst day: every bill due tomorrow and every recurring entry due today.
 *    Total time and rows per second (reminders recorded with their delivery job; entries
 *    recorded through recordEntry with the plan's limit and the budget check).
 * 2. What the budget / high-spending check adds to recording an entry: p50/p99 of
 *    checkEntryAlerts inside the entry's transaction, for people with a realistic 6-month
 *    ledger and budgets (BENCH_SAMPLES entries).
 */
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 100_000)
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 3_000)

const server = await startBenchServer()
const db = server.database.pool
const env = server.deps.env
try {
  // ---- 1. daily runs ---------------------------------------------------------------------
  let t = performance.now()
  const ledgers: number[] = []
  for (let done = 0; done < PEOPLE; done += 20_000) {
    const n = Math.min(20_000, PEOPLE - done)
    ledgers.push(...(await insertPeople(db, { count: n, prefix: `bench_${done}_` })))
  }
  // Typical month: bill k of person i due on day 1 + (i*3 + k) % 28 of December; recurring on
  // day 1 + (i*2 + k) % 28, next due in December.
  await db.query(
    `insert into bills (ledger_id, created_by, description, amount_cents, category, due_on, recurrence, day_of_month)
     select l.id, l.owner_user_id, 'conta ' || k, 5000 + k * 100, 'contas_casa',
            date '2026-12-01' + ((l.id * 3 + k) % 28)::int, 'monthly', 1 + ((l.id * 3 + k) % 28)::int
       from ledgers l cross join generate_series(1, 3) as k
      where l.id = any($1::bigint[])`,
    [ledgers],
  )
  await db.query(
    `insert into recurring_entries
       (ledger_id, created_by, type, amount_cents, description, category, day_of_month, next_on, source)
     select l.id, l.owner_user_id, case when k = 1 then 'income' else 'expense' end,
            case when k = 1 then 450000 else 150000 end,
            case when k = 1 then 'salário' else 'aluguel' end,
            case when k = 1 then 'salario' else 'moradia' end,
            1 + ((l.id * 2 + k) % 28)::int,
            -- the next occurrence from the run's day on (those before the 10th are in January)
            case when 1 + ((l.id * 2 + k) % 28) >= 10 then date '2026-12-01' + ((l.id * 2 + k) % 28)::int
                 else date '2027-01-01' + ((l.id * 2 + k) % 28)::int end,
            'whatsapp'
       from ledgers l cross join generate_series(1, 2) as k
      where l.id = any($1::bigint[])`,
    [ledgers],
  )
  await db.query('vacuum analyze bills, recurring_entries, ledgers, subscribers')
  console.log(
    `seeded ${fmt(PEOPLE)} people, ${fmt(PEOPLE * 3)} bills, ${fmt(PEOPLE * 2)} recurring entries in ${fmt((performance.now() - t) / 1000, 1)} s`,
  )

  async function daily(label: string, day: string) {
    const start = performance.now()
    const reminders = await sendDueBillReminders(db, env, new Date(`${day}T12:00:00Z`))
    const mid = performance.now()
    const recurring = await runRecurringEntries(db, env, new Date(`${day}T09:00:00Z`))
    const end = performance.now()
    const r = (mid - start) / 1000
    const e = (end - mid) / 1000
    console.log(
      `${label}: bill_reminders ${fmt(reminders.sent)} reminders in ${fmt(r, 2)} s (${fmt(reminders.sent / r)}/s); ` +
        `recurring_entries ${fmt(recurring.recorded)} entries in ${fmt(e, 2)} s (${fmt(recurring.recorded / e)}/s); ` +
        `total ${fmt(r + e, 2)} s`,
    )
  }
  await daily('typical day (2026-12-10)', '2026-12-10')
  // A rerun of the same day: nothing new, only the reading.
  await daily('same day again (idempotent rerun)', '2026-12-10')

  // Worst day: everything due at once.
  await db.query(`update bills set due_on = date '2027-01-06', paid_on = null`)
  await db.query(
    `update recurring_entries set next_on = date '2027-01-05', day_of_month = 5 where cancelled_at is null`,
  )
  // A third of the people have a moradia budget: their rent is checked against it (and alerts).
  await db.query(
    `insert into budgets (ledger_id, category, from_month, limit_cents)
     select id, 'moradia', date '2027-01-01', 200000 from ledgers where id % 3 = 0`,
  )
  await db.query('vacuum analyze bills, recurring_entries')
  await daily('worst day (every bill due tomorrow, every recurring entry today)', '2027-01-05')

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
  await db.query('vacuum analyze transactions, budgets')
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
  await server.cleanup()
}
