import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fmt, startBenchServer } from '../../../bench/bench-server.ts'
import { insertPeople } from '../test/bulk-people.ts'

/**
 * The entries' totals triggers alone: migration 043's one statement trigger per event against
 * the three per event it replaced (005, 013, 018, recreated here from their files), alternating
 * in one database so the machine's load falls on both alike. Two shapes, each timed inside
 * PostgreSQL (a DO block, no round trips): the message path (one entry per statement, BENCH_SINGLE
 * of them) and the worst day's recurring run (statements of 200 entries of 200 ledgers, each on a
 * new day: BENCH_PEOPLE entries per round). BENCH_ROUNDS rounds of each, medians printed.
 */
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 20_000)
const SINGLE = Number(process.env.BENCH_SINGLE ?? 5_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)

const MIGRATIONS = path.resolve(import.meta.dirname, '../migrations')
const OLD = ['005_ledger.sql', '013_reports.sql', '018_accounts_transfers.sql']
const OLD_FUNCTIONS = [
  'transactions_totals',
  'transactions_day_totals',
  'transactions_account_totals',
]
const EVENTS = {
  insert: 'referencing new table as new_rows',
  update: 'referencing old table as old_rows new table as new_rows',
  delete: 'referencing old table as old_rows',
} as const
const NEW_TRIGGERS = Object.keys(EVENTS).map((e) => `transactions_totals_${e}`)
const OLD_TRIGGERS = OLD_FUNCTIONS.flatMap((f) =>
  Object.keys(EVENTS).map((e) => `${f}_${e}_before`),
)

const server = await startBenchServer()
try {
  // One session for all of it: the timed loops outlast the pool's statement timeout, and the
  // temporary table the loops write their time to is the session's.
  const db = await server.database.pool.connect()
  await db.query('set statement_timeout = 0')
  const seedStart = performance.now()
  await insertPeople(db, { count: PEOPLE, prefix: 'tt' })
  // The triggers before 043, from their migrations, created disabled.
  for (const [i, file] of OLD.entries()) {
    const sql = readFileSync(path.join(MIGRATIONS, file), 'utf8')
    const name = OLD_FUNCTIONS[i] as string
    const body = new RegExp(`create function ${name}\\(\\)[\\s\\S]*?end \\$\\$;`).exec(sql)?.[0]
    if (!body) throw new Error(`${name} not found in ${file}`)
    await db.query(body)
    for (const [event, referencing] of Object.entries(EVENTS)) {
      await db.query(
        `create trigger ${name}_${event}_before after ${event} on transactions ${referencing}
           for each statement execute function ${name}()`,
      )
      await db.query(`alter table transactions disable trigger ${name}_${event}_before`)
    }
  }
  console.log(`seeded ${fmt(PEOPLE)} people in ${fmt((performance.now() - seedStart) / 1000, 1)} s`)

  const use = async (which: 'before' | 'after') => {
    const [on, off] =
      which === 'after' ? [NEW_TRIGGERS, OLD_TRIGGERS] : [OLD_TRIGGERS, NEW_TRIGGERS]
    for (const t of off) await db.query(`alter table transactions disable trigger ${t}`)
    for (const t of on) await db.query(`alter table transactions enable trigger ${t}`)
    // Before 043, account_day_totals' key to accounts checked each new row.
    await db.query(
      'alter table account_day_totals drop constraint if exists account_day_totals_account_id_fkey',
    )
    if (which === 'before')
      await db.query(
        `alter table account_day_totals add constraint account_day_totals_account_id_fkey
             foreign key (account_id) references accounts (id) on delete cascade`,
      )
  }
  // CPU of the database session itself (its process's user + system time), which the machine's
  // other load distorts far less than wall time; wall time inside the loop is printed too.
  const { rows: backend } = await db.query<{ pid: number }>('select pg_backend_pid() as pid')
  const cpuMs = () => {
    const fields = readFileSync(`/proc/${backend[0]?.pid}/stat`, 'utf8').split(') ')[1]?.split(' ')
    return (Number(fields?.[11]) + Number(fields?.[12])) * (1000 / 100)
  }
  /** CPU and wall milliseconds of the DO block's loop inside PostgreSQL. */
  const timed = async (loop: string) => {
    const cpu0 = cpuMs()
    await db.query('create temp table if not exists bench_ms (ms float8)')
    await db.query('truncate bench_ms')
    await db.query(`do $$
      declare started timestamptz := clock_timestamp(); ids bigint[];
      begin
        select array_agg(id order by id) into ids from ledgers;
        ${loop}
        insert into bench_ms values (extract(epoch from clock_timestamp() - started) * 1000);
      end $$`)
    const cpu = cpuMs() - cpu0
    const { rows } = await db.query<{ ms: number }>('select ms from bench_ms')
    return { cpu, wall: rows[0]?.ms ?? Number.NaN }
  }
  const single = (round: number) =>
    timed(`for i in 1..${SINGLE} loop
      insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                                occurred_on, source)
      select id, owner_user_id, 'expense', 1000 + i, 'mensagem', 'mercado',
             date '2026-06-01' + ${round}, 'whatsapp'
        from ledgers where id = ids[1 + i % array_length(ids, 1)];
    end loop;`)
  const batches = (day: number) =>
    timed(`for b in 0..${Math.ceil(PEOPLE / 200) - 1} loop
      insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                                occurred_on, source)
      select id, owner_user_id, 'expense', 5000, 'recorrente', 'moradia', date '2026-01-01' + ${day}, 'web'
        from ledgers where id = any(ids[b * 200 + 1 : b * 200 + 200]);
    end loop;`)

  const times: Record<string, number[]> = {}
  const note = (key: string, ms: { cpu: number; wall: number }) => {
    for (const [what, value] of Object.entries(ms)) {
      times[`${key} ${what}`] ??= []
      times[`${key} ${what}`]?.push(value)
    }
  }
  let day = 0
  for (let r = 0; r < ROUNDS; r++) {
    for (const which of r % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const)) {
      await use(which)
      note(`single ${which}`, await single(day))
      note(`batch ${which}`, await batches(day++))
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
  for (const shape of ['single', 'batch'] as const) {
    const n = shape === 'single' ? SINGLE : PEOPLE
    const line = (what: 'cpu' | 'wall') => {
      const before = median(times[`${shape} before ${what}`] ?? [])
      const after = median(times[`${shape} after ${what}`] ?? [])
      return `${what} ${fmt(before)} → ${fmt(after)} ms (${fmt((before * 1000) / n)} → ${fmt((after * 1000) / n)} µs/entry, ${fmt(after / before, 2)}×)`
    }
    console.log(
      `${shape === 'single' ? 'one entry per statement' : '200 entries per statement'}, ` +
        `${fmt(n)} entries, median of ${ROUNDS}, before 043 → after: ${line('cpu')}; ${line('wall')}`,
    )
  }
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n
       from (select ledger_id, occurred_on as day, type, category,
                    sum(amount_cents)::bigint as total_cents, count(*)::int as entries
               from transactions group by 1, 2, 3, 4) w
       full join ledger_day_totals k using (ledger_id, day, type, category)
      where w.entries is distinct from k.entries or w.total_cents is distinct from k.total_cents`,
  )
  if (rows[0]?.n !== 0) throw new Error(`${rows[0]?.n} day totals differ from the entries`)
  db.release()
} finally {
  await server.cleanup()
}
