import type { Queryable } from '../src/platform/db/transaction.ts'

/*
 * The ledgers of the mixed-load benchmark (mixed.bench.ts), set-based so that a thousand people
 * take seconds: each ledger gets a checking account, savings, cash and a credit card (besides the
 * default account), `perMonth` entries a month over `months` months up to today (one in ten an
 * income, spread over the accounts and the categories, the default account included), 4 monthly
 * bills of this month (those already due, paid), 2 recurring entries and 4 budgets.
 */

const EXPENSES = [
  'mercado',
  'alimentacao',
  'transporte',
  'moradia',
  'contas_casa',
  'saude',
  'lazer',
  'assinaturas',
  'compras',
  'educacao',
]

export async function seedLedgers(
  db: Queryable,
  { ledgerIds, months, perMonth }: { ledgerIds: number[]; months: number; perMonth: number },
): Promise<number> {
  await db.query(
    `insert into accounts (ledger_id, name, kind, closing_day, due_day)
     select l.id, x.name, x.kind, x.closing_day, x.due_day
       from ledgers l
      cross join (values ('Itaú', 'checking', null::int, null::int),
                         ('Poupança', 'savings', null, null),
                         ('Carteira', 'cash', null, null),
                         ('Nubank', 'credit_card', 3, 10)) as x(name, kind, closing_day, due_day)
      where l.id = any($1::bigint[])`,
    [ledgerIds],
  )
  const days = months * 30
  const perLedger = months * perMonth
  const { rowCount } = await db.query(
    `with acc as (
       select ledger_id, array_agg(id order by id) as ids from accounts
        where ledger_id = any($1::bigint[]) group by ledger_id
     ), today as (select (now() at time zone 'America/Sao_Paulo')::date as d)
     insert into transactions (ledger_id, account_id, created_by, type, amount_cents, description,
                               category, occurred_on, source, created_at)
     select l.id, acc.ids[1 + (i * 7 + l.id) % array_length(acc.ids, 1)], l.owner_user_id,
            case when i % 10 = 0 then 'income' else 'expense' end,
            case when i % 10 = 0 then 150000 + (i * 7919) % 300000 else 500 + (i * 7919 + l.id) % 25000 end,
            case when i % 10 = 0 then 'salário' else 'gasto ' || (i % 37) end,
            case when i % 10 = 0 then 'salario' else ($3::text[])[1 + (i + l.id) % $4::int] end,
            today.d - ((i::bigint * $2::int / $5::int) % $2::int)::int,
            case when i % 3 = 0 then 'web' else 'whatsapp' end,
            now() - make_interval(days => ((i::bigint * $2::int / $5::int) % $2::int)::int)
       from ledgers l join acc on acc.ledger_id = l.id, today,
            generate_series(0, $5::int - 1) as i
      where l.id = any($1::bigint[])`,
    [ledgerIds, days, EXPENSES, EXPENSES.length, perLedger],
  )
  await db.query(
    `with today as (select (now() at time zone 'America/Sao_Paulo')::date as d)
     insert into bills (ledger_id, created_by, description, amount_cents, category, due_on,
                        recurrence, day_of_month, paid_on)
     select l.id, l.owner_user_id, x.description, x.cents, 'contas_casa',
            date_trunc('month', today.d)::date + x.day - 1, 'monthly', x.day,
            case when date_trunc('month', today.d)::date + x.day - 1 < today.d
                 then date_trunc('month', today.d)::date + x.day - 2 end
       from ledgers l, today,
            (values ('Luz', 18000, 5), ('Internet', 9990, 10), ('Condomínio', 65000, 15),
                    ('Celular', 4990, 25)) as x(description, cents, day)
      where l.id = any($1::bigint[])`,
    [ledgerIds],
  )
  await db.query(
    `with today as (select (now() at time zone 'America/Sao_Paulo')::date as d)
     insert into recurring_entries
       (ledger_id, created_by, type, amount_cents, description, category, day_of_month, next_on, source)
     select l.id, l.owner_user_id, x.type, x.cents, x.description, x.category, x.day,
            (date_trunc('month', today.d) + interval '1 month')::date + x.day - 1, 'web'
       from ledgers l, today,
            (values ('income', 450000, 'salário', 'salario', 5),
                    ('expense', 150000, 'aluguel', 'moradia', 8)) as x(type, cents, description, category, day)
      where l.id = any($1::bigint[])`,
    [ledgerIds],
  )
  await db.query(
    `insert into budgets (ledger_id, category, from_month, limit_cents)
     select l.id, x.category, (date_trunc('month', now() at time zone 'America/Sao_Paulo') - interval '3 months')::date,
            x.cents
       from ledgers l,
            (values ('mercado', 120000), ('alimentacao', 60000), ('lazer', 40000),
                    ('transporte', 50000)) as x(category, cents)
      where l.id = any($1::bigint[])`,
    [ledgerIds],
  )
  return rowCount ?? 0
}
