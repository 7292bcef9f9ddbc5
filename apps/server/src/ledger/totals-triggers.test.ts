import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../../test/ledger-fixtures.ts'
import { useTestDatabase } from '../../test/use-test-database.ts'
import type { Db } from '../platform/db/database.ts'
import { withTransaction } from '../platform/db/transaction.ts'
import { ledgerForUser } from '../tenancy/ledgers.queries.ts'

/*
 * The entries' totals tables (ledger_month_totals, ledger_day_totals, account_totals,
 * account_day_totals) are kept by statement triggers on transactions (migration 043). Whatever
 * statements run — multi-row inserts, updates that move entries between ledgers, days, months,
 * categories, types and accounts, deletes, INSERT … ON CONFLICT DO UPDATE, a person's deletion —
 * every table must afterwards equal its definition recomputed from transactions: a key with
 * entries has their sums, a key without has no row or a row of zeros (rows that fall to 0 stay).
 */

const database = useTestDatabase()
let db: Db
beforeAll(async () => {
  db = database.pool
})

type Ledger = { userId: string; ledgerId: number; accounts: number[] }
const ledgers: Ledger[] = []

async function newLedger(): Promise<Ledger> {
  const userId = await insertUser(db, 'pf_simples')
  const { ledgerId } = await ledgerForUser(db, { userId })
  await db.query(
    `insert into accounts (ledger_id, name, kind, closing_day, due_day)
     values ($1, 'Poupança', 'savings', null, null), ($1, 'Cartão', 'credit_card', 25, 5)`,
    [ledgerId],
  )
  const { rows } = await db.query<{ id: string }>(
    'select id from accounts where ledger_id = $1 order by id',
    [ledgerId],
  )
  return { userId, ledgerId, accounts: rows.map((r) => Number(r.id)) }
}

const EXPENSE = ['mercado', 'lazer', 'transporte']
const INCOME = ['salario', 'vendas']

const row = fc.record({
  ledger: fc.nat(9),
  account: fc.nat(3), // 3: none given, the ledger's default (the BEFORE insert trigger)
  income: fc.boolean(),
  category: fc.nat(5),
  amount: fc.integer({ min: 1, max: 100_000 }),
  day: fc.nat(40), // 2026-10-25 … 2026-12-04: three months
})
type Row = typeof row extends fc.Arbitrary<infer T> ? T : never

/** Rows as JSON for json_to_recordset, each on an account of its own ledger. */
function rowsJson(rows: Row[]) {
  return JSON.stringify(
    rows.map((r, i) => {
      const l = ledgers[r.ledger % ledgers.length] as Ledger
      const names = r.income ? INCOME : EXPENSE
      return {
        ledger_id: l.ledgerId,
        created_by: l.userId,
        account_id: r.account === 3 ? null : l.accounts[r.account % l.accounts.length],
        type: r.income ? 'income' : 'expense',
        category: names[r.category % names.length],
        amount_cents: r.amount,
        day: r.day,
        n: i + 1,
      }
    }),
  )
}

const RECORDSET = `json_to_recordset($1::json) as r(ledger_id bigint, created_by text,
  account_id bigint, type text, category text, amount_cents bigint, day int, n int)`

const pick = fc
  .record({ m: fc.integer({ min: 1, max: 4 }), r: fc.nat(3) })
  .map(({ m, r }) => ({ m, r: r % m }))

const SETS = {
  amount: (d: number) => `amount_cents = amount_cents + ${d}`,
  day: (d: number) => `occurred_on = occurred_on + ${d - 20}`,
  flipType: () =>
    `type = case when type = 'income' then 'expense' else 'income' end,
     category = case when type = 'income' then 'lazer' else 'vendas' end`,
  account: (d: number) =>
    `account_id = (select a.id from accounts a where a.ledger_id = t.ledger_id
                    order by a.id offset (t.id + ${d}) % 3 limit 1)`,
  everything: (d: number) =>
    `amount_cents = amount_cents + ${d}, occurred_on = occurred_on + ${(d % 9) - 4},
     category = case when type = 'income' then 'salario' else 'transporte' end,
     account_id = (select a.id from accounts a where a.ledger_id = t.ledger_id
                    order by a.id offset ${d} % 3 limit 1)`,
  description: () => `description = 'editado'`,
} as const

const command = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    rows: fc.array(row, { minLength: 1, maxLength: 6 }),
  }),
  fc.record({
    kind: fc.constant('update' as const),
    set: fc.constantFrom(...(Object.keys(SETS) as (keyof typeof SETS)[])),
    d: fc.integer({ min: 1, max: 40 }),
    pick,
  }),
  fc.record({ kind: fc.constant('move' as const), to: fc.nat(9), pick }),
  fc.record({ kind: fc.constant('delete' as const), pick }),
  fc.record({
    kind: fc.constant('upsert' as const),
    rows: fc.array(row, { minLength: 1, maxLength: 4 }),
    fresh: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('twoStatements' as const),
    rows: fc.array(row, { minLength: 1, maxLength: 4 }),
    d: fc.integer({ min: 1, max: 40 }),
  }),
  fc.record({ kind: fc.constant('forget' as const), who: fc.nat(9) }),
  fc.record({ kind: fc.constant('retire' as const), who: fc.nat(9) }),
)
type Command = typeof command extends fc.Arbitrary<infer T> ? T : never

let freshId = 1_000_000_000_000

async function apply(c: Command) {
  const where = (p: { m: number; r: number }) => `id % ${p.m} = ${p.r}`
  switch (c.kind) {
    case 'insert':
      await db.query(
        `insert into transactions (ledger_id, created_by, account_id, type, amount_cents,
                                   description, category, occurred_on, source)
         select ledger_id, created_by, account_id, type, amount_cents, 'x', category,
                date '2026-10-25' + day, 'web'
           from ${RECORDSET}`,
        [rowsJson(c.rows)],
      )
      return
    case 'update':
      await db.query(`update transactions t set ${SETS[c.set](c.d)} where ${where(c.pick)}`)
      return
    case 'move': {
      const to = ledgers[c.to % ledgers.length] as Ledger
      await db.query(
        `update transactions set ledger_id = $1, account_id = $2
          where ${where(c.pick)} and ledger_id <> $1`,
        [to.ledgerId, to.accounts[0]],
      )
      return
    }
    case 'delete':
      await db.query(`delete from transactions where ${where(c.pick)}`)
      return
    case 'upsert': {
      // Rows on ids that exist (updated: they take the new amount, day, type and category) and
      // on new ids (inserted): one statement firing both the insert and the update trigger.
      const { rows: taken } = await db.query<{ id: string }>(
        'select id from transactions order by id desc limit $1',
        [c.rows.length],
      )
      const ids = c.rows.map((_, i) => (c.fresh || !taken[i] ? freshId++ : Number(taken[i]?.id)))
      await db.query(
        `insert into transactions (id, ledger_id, created_by, account_id, type, amount_cents,
                                   description, category, occurred_on, source)
         overriding system value
         select ids.id, ledger_id, created_by, account_id, type, amount_cents, 'x', category,
                date '2026-10-25' + day, 'web'
           from ${RECORDSET}
           join unnest($2::bigint[]) with ordinality as ids (id, n) using (n)
         on conflict (id) do update
           set amount_cents = excluded.amount_cents, occurred_on = excluded.occurred_on,
               type = excluded.type, category = excluded.category`,
        [rowsJson(c.rows), ids],
      )
      return
    }
    case 'twoStatements':
      // Rows inserted and then edited in the same transaction.
      await withTransaction(db, async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          `insert into transactions (ledger_id, created_by, account_id, type, amount_cents,
                                     description, category, occurred_on, source)
           select ledger_id, created_by, account_id, type, amount_cents, 'x', category,
                  date '2026-10-25' + day, 'web'
             from ${RECORDSET}
           returning id`,
          [rowsJson(c.rows)],
        )
        await tx.query(`update transactions t set ${SETS.everything(c.d)} where id = any($1)`, [
          rows.map((r) => r.id),
        ])
      })
      return
    case 'forget': {
      // The LGPD deletion: the person goes with their ledger, accounts, entries and totals.
      const i = c.who % ledgers.length
      const gone = ledgers[i] as Ledger
      await db.query('delete from "user" where id = $1', [gone.userId])
      ledgers[i] = await newLedger()
      return
    }
    case 'retire': {
      // A card's entries moved to the default account, the card deleted (its totals rows, at 0
      // entries, go with it), a new card in its place.
      const l = ledgers[c.who % ledgers.length] as Ledger
      const [main, , card] = l.accounts
      await db.query('update transactions set account_id = $1 where account_id = $2', [main, card])
      await db.query('delete from accounts where id = $1', [card])
      const { rows } = await db.query<{ id: string }>(
        `insert into accounts (ledger_id, name, kind, closing_day, due_day)
         values ($1, $2, 'credit_card', 10, 20) returning id`,
        [l.ledgerId, `Cartão ${freshId++}`],
      )
      l.accounts[2] = Number(rows[0]?.id)
      return
    }
  }
}

/** Every totals row that differs from its definition over transactions (none when right). */
async function wrongRows() {
  const ledgerTable = (table: string, key: string, keyExpr: string) => `
    with want as (
      select ledger_id, ${keyExpr} as ${key}, type, category,
             sum(amount_cents)::bigint as total_cents, count(*)::int as entries
        from transactions group by 1, 2, 3, 4)
    select '${table}' as t, to_jsonb(w) as want, to_jsonb(k) as kept
      from want w full join ${table} k using (ledger_id, ${key}, type, category)
     where k.ledger_id is null
        or (w.ledger_id is null and (k.entries <> 0 or k.total_cents <> 0))
        or w.entries <> k.entries or w.total_cents <> k.total_cents
        or not exists (select 1 from ledgers l where l.id = k.ledger_id)`
  const net = `sum(case when type = 'income' then amount_cents else -amount_cents end)::bigint`
  const { rows } = await db.query(`
    (${ledgerTable('ledger_month_totals', 'month', "date_trunc('month', occurred_on)::date")})
    union all
    (${ledgerTable('ledger_day_totals', 'day', 'occurred_on')})
    union all
    select 'account_day_totals', to_jsonb(w), to_jsonb(k)
      from (select account_id, occurred_on as day, ${net} as net_cents, count(*)::int as entries
              from transactions group by 1, 2) w
      full join account_day_totals k using (account_id, day)
     where k.account_id is null
        or (w.account_id is null and (k.entries <> 0 or k.net_cents <> 0))
        or w.entries <> k.entries or w.net_cents <> k.net_cents
        or not exists (select 1 from accounts a where a.id = k.account_id)
    union all
    select 'account_totals', to_jsonb(w), to_jsonb(k)
      from (select account_id, ${net} as net_cents, count(*)::bigint as entries
              from transactions group by 1) w
      full join account_totals k using (account_id)
     where k.account_id is null
        or (w.account_id is null and (k.entries <> 0 or k.net_cents <> 0))
        or w.entries <> k.entries or w.net_cents <> k.net_cents`)
  return rows
}

describe('the totals tables', () => {
  it('equal their definition after any sequence of statements on transactions', async () => {
    for (let i = 0; i < 3; i++) ledgers.push(await newLedger())
    let seen = 0
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 10 }), async (commands) => {
        // Each run from empty tables, so that a counterexample holds alone.
        await db.query(
          `truncate transactions, ledger_month_totals, ledger_day_totals, account_totals,
                    account_day_totals cascade`,
        )
        for (const c of commands) {
          await apply(c)
          expect(await wrongRows(), JSON.stringify(c)).toEqual([])
        }
        const { rows } = await db.query<{ n: number }>(
          'select count(*)::int as n from transactions',
        )
        seen += rows[0]?.n ?? 0
      }),
      { numRuns: 40 },
    )
    // The property ran on tables that held entries, not on empty ones: entries left at the end of
    // the runs, added up (the largest single run's count was ≤ 10 in about one run of three).
    expect(seen).toBeGreaterThan(10)
  })

  it('take concurrent multi-row statements on shared keys in any order without a deadlock', async () => {
    const shared = [await newLedger(), await newLedger()]
    const rows = shared.flatMap((l) =>
      [0, 1, 2].flatMap((a) =>
        ['2026-11-03', '2026-11-04', '2026-12-01'].map((day) => ({
          ledger_id: l.ledgerId,
          created_by: l.userId,
          account_id: l.accounts[a],
          day,
        })),
      ),
    )
    const statement = (order: typeof rows) =>
      db.query(
        `insert into transactions (ledger_id, created_by, account_id, type, amount_cents,
                                   description, category, occurred_on, source)
         select ledger_id, created_by, account_id, 'expense', 100, 'x', 'mercado', day, 'web'
           from json_to_recordset($1::json) as r(ledger_id bigint, created_by text,
                                                 account_id bigint, day date)`,
        [JSON.stringify(order)],
      )
    // The inserts list the keys one way or the other way, all at once, racing updates that move
    // other entries of the same keys (each update its own entries: no lock on the same entry).
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 3 === 2
          ? db.query(
              `update transactions set occurred_on = occurred_on + 1
                where ledger_id = any($1) and id % 8 = ${(i - 2) / 3}`,
              [shared.map((l) => l.ledgerId)],
            )
          : statement(i % 2 ? rows : [...rows].reverse()),
      ),
    )
    expect(await wrongRows()).toEqual([])
  })
})
