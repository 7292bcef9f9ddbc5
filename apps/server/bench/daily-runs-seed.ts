import type { Queryable } from '../src/platform/db/transaction.ts'
import { insertPeople } from '../test/bulk-people.ts'

/*
 * The data set of the daily-runs benchmark (alerts.bench.ts): `people` people, each with 3
 * monthly bills, 2 recurring entries (salary and rent) and a credit card with a purchase and a
 * TV in 3 installments on it; half of them on the free plan, 1 % (all free) with this month's
 * entries used up. Due days are spread over December (a typical day); worstDay moves everything to
 * one day. Big statements: run them on a pool without the server's statement timeout.
 */

export async function seedDailyPeople(seed: Queryable, people: number): Promise<number[]> {
  const ledgers: number[] = []
  for (let done = 0; done < people; done += 20_000) {
    const n = Math.min(20_000, people - done)
    const chunk = await insertPeople(seed, { count: n, prefix: `bench_${done}_` })
    ledgers.push(...chunk)
    // Every other person on the free plan.
    await seed.query(
      `update subscribers s set plan_type = 'free' from ledgers l
        where l.owner_user_id = s.user_id and l.id = any($1::bigint[]) and l.id % 2 = 0`,
      [chunk],
    )
    // A card each, due on day 1 + id % 28 and closing 20 days later in the cycle; on it a
    // purchase in December and a TV in 3 installments (October to December, recorded in
    // October: the November one counts in November's slots when the counter turns).
    await seed.query(
      `insert into accounts (ledger_id, name, kind, closing_day, due_day)
       select l.id, 'Nubank', 'credit_card', 1 + ((l.id + 20) % 28)::int, 1 + (l.id % 28)::int
         from ledgers l where l.id = any($1::bigint[])`,
      [chunk],
    )
    await seed.query(
      `insert into transactions (ledger_id, account_id, created_by, type, amount_cents, description,
                                 category, occurred_on, source, created_at, entry_group,
                                 installment_number, installment_count)
       select l.id, a.id, l.owner_user_id, 'expense', x.cents, x.description, 'compras', x.on_day,
              'whatsapp', x.created_at, case when x.n is not null then gen_random_uuid() end,
              x.n, case when x.n is not null then 3 end
         from ledgers l join accounts a on a.ledger_id = l.id and a.kind = 'credit_card'
        cross join (values
          (25990, 'tênis', date '2026-12-15', timestamptz '2026-12-15 12:00-03', null::int),
          (80000, 'TV', date '2026-10-20', timestamptz '2026-10-20 12:00-03', 1),
          (80000, 'TV', date '2026-11-20', timestamptz '2026-10-20 12:00-03', 2),
          (80000, 'TV', date '2026-12-20', timestamptz '2026-10-20 12:00-03', 3)
        ) as x(cents, description, on_day, created_at, n)
        where l.id = any($1::bigint[])`,
      [chunk],
    )
  }
  // Typical month: bill k of person i due on day 1 + (i*3 + k) % 28 of December; recurring on
  // day 1 + (i*2 + k) % 28, next due in December.
  await seed.query(
    `insert into bills (ledger_id, created_by, description, amount_cents, category, due_on, recurrence, day_of_month)
     select l.id, l.owner_user_id, 'conta ' || k, 5000 + k * 100, 'contas_casa',
            date '2026-12-01' + ((l.id * 3 + k) % 28)::int, 'monthly', 1 + ((l.id * 3 + k) % 28)::int
       from ledgers l cross join generate_series(1, 3) as k
      where l.id = any($1::bigint[])`,
    [ledgers],
  )
  await seed.query(
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
  await resetCounters(seed)
  await seed.query(
    'vacuum analyze bills, recurring_entries, ledgers, subscribers, accounts, transactions, account_day_totals',
  )
  return ledgers
}

/**
 * Every counter last turned in October (each turns on the run, counting the installments dated
 * in the new month), except 1 % of people (all on the free plan: even ids) with this month's 5 used up.
 */
export async function resetCounters(seed: Queryable): Promise<void> {
  await seed.query(
    `update subscribers s
        set counter_month = case when l.id % 100 = 0 then m.month else '2026-10' end,
            monthly_transactions = case when l.id % 100 = 0 then 5 else 3 end
       from ledgers l, (select to_char(now() at time zone 'America/Sao_Paulo', 'YYYY-MM') as month) m
      where l.owner_user_id = s.user_id`,
  )
}

/**
 * The worst day, 2027-01-05: every bill due tomorrow (unpaid), every card bill due tomorrow
 * (they close on 28/12 and fall due on 06/01), every recurring entry due today; counters reset;
 * a third of the people with a moradia budget their rent is checked against (some past 80 %).
 */
export async function worstDay(seed: Queryable): Promise<void> {
  await seed.query(`update bills set due_on = date '2027-01-06', paid_on = null`)
  await seed.query(
    `update recurring_entries set next_on = date '2027-01-05', day_of_month = 5 where cancelled_at is null`,
  )
  await seed.query(`update accounts set closing_day = 28, due_day = 6 where kind = 'credit_card'`)
  await resetCounters(seed)
  await seed.query(
    `insert into budgets (ledger_id, category, from_month, limit_cents)
     select id, 'moradia', date '2027-01-01', case when id % 9 = 0 then 180000 else 200000 end
       from ledgers where id % 3 = 0
     on conflict do nothing`,
  )
  await seed.query('vacuum analyze bills, recurring_entries, accounts, subscribers, budgets')
}
