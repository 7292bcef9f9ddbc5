import type { Queryable } from '../src/platform/db/transaction.ts'

/**
 * `count` people straight in the database in a few statements (auth user, profile, subscription,
 * ledger), for crash tests and benchmarks that need thousands. Returns their ledger ids in order.
 */
export async function insertPeople(
  db: Queryable,
  { count, plan = 'pf_simples', prefix }: { count: number; plan?: string; prefix: string },
): Promise<number[]> {
  await db.query(
    `insert into "user" (id, name, email, "emailVerified")
     select $1 || i, 'Pessoa ' || i, $1 || i || '@exemplo.com.br', true
       from generate_series(1, $2) as i`,
    [prefix, count],
  )
  await db.query(
    `insert into profiles (id, name, email)
     select $1 || i, 'Pessoa ' || i, $1 || i || '@exemplo.com.br' from generate_series(1, $2) as i`,
    [prefix, count],
  )
  await db.query(
    `insert into subscribers (user_id, plan_type)
     select $1 || i, $3 from generate_series(1, $2) as i`,
    [prefix, count, plan],
  )
  const { rows } = await db.query<{ id: number }>(
    `insert into ledgers (owner_user_id)
     select $1 || i from generate_series(1, $2) as i order by i returning id`,
    [prefix, count],
  )
  return rows.map((r) => r.id)
}

/** Each ledger gets `perLedger` recurring entries due on `nextOn` (day of month from it). */
export async function insertRecurringFor(
  db: Queryable,
  { ledgerIds, perLedger, nextOn }: { ledgerIds: number[]; perLedger: number; nextOn: string },
): Promise<void> {
  await db.query(
    `insert into recurring_entries
       (ledger_id, created_by, type, amount_cents, description, category, day_of_month, next_on, source)
     select l.id, l.owner_user_id, 'expense', 10000 + k, 'fixo ' || k, 'moradia',
            extract(day from $3::date), $3::date, 'web'
       from ledgers l cross join generate_series(1, $2) as k
      where l.id = any($1::bigint[])`,
    [ledgerIds, perLedger, nextOn],
  )
}

/** Each ledger gets `perLedger` unpaid bills due on `dueOn`. */
export async function insertBillsFor(
  db: Queryable,
  { ledgerIds, perLedger, dueOn }: { ledgerIds: number[]; perLedger: number; dueOn: string },
): Promise<void> {
  await db.query(
    `insert into bills (ledger_id, created_by, description, amount_cents, category, due_on)
     select l.id, l.owner_user_id, 'conta ' || k, 5000 + k, 'contas_casa', $3::date
       from ledgers l cross join generate_series(1, $2) as k
      where l.id = any($1::bigint[])`,
    [ledgerIds, perLedger, dueOn],
  )
}
