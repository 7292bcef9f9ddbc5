import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../../../test/ledger-fixtures.ts'
import '../../../test/provided-context.ts'
import { inject } from 'vitest'
import { createPool } from '../../platform/db/database.ts'
import { migrate } from '../../platform/db/migrate.ts'
import { ledgerForUser } from '../../tenancy/ledgers.queries.ts'
import { seedPlans } from '../../tenancy/plans.queries.ts'

/*
 * Migrations 018 and 019 on a database that already holds ledgers and entries (a live one):
 * the entries move to each ledger's new default account, the account totals come out right,
 * the month totals do not change; while 019 moves the rows, reading goes on, and an entry
 * recorded the old way (no account) waits for it, then lands on the default account.
 */

const DIR = path.resolve(import.meta.dirname, '../../../migrations')
const BEFORE = readdirSync(DIR)
  .filter((f) => f.endsWith('.sql') && f < '018')
  .sort()

let adminUrl: string
let name: string
let pool: pg.Pool

beforeAll(async () => {
  adminUrl = inject('pgAdminUrl')
  name = `t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  pool = createPool(adminUrl.replace(/\/postgres$/, `/${name}`))
  // The schema as it was before issue 21, applied the way migrate.ts applies it.
  await pool.query(
    'create table schema_migrations (name text primary key, applied_at timestamptz not null default now())',
  )
  for (const file of BEFORE) {
    await pool.query(`begin; ${readFileSync(path.join(DIR, file), 'utf8')}; commit`)
    await pool.query('insert into schema_migrations (name) values ($1)', [file])
  }
  await seedPlans(pool, {})
})

afterAll(async () => {
  await pool?.end()
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.end()
})

/** n entries of the ledger, on days spread over three months, old style (no account). */
async function seed(ledgerId: number, userId: string, n: number) {
  await pool.query(
    `insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                               occurred_on, source)
     select $1, $2, case when i % 4 = 0 then 'income' else 'expense' end, 100 + i,
            'antigo ' || i, case when i % 4 = 0 then 'salario' else 'mercado' end,
            date '2026-09-01' + (i % 90), 'web'
       from generate_series(1, $3::int) as i`,
    [ledgerId, userId, n],
  )
}

const monthTotals = async () =>
  (
    await pool.query(
      'select ledger_id, month, type, category, total_cents, entries from ledger_month_totals order by 1, 2, 3, 4',
    )
  ).rows

describe('migrations 018 and 019 on a live database', () => {
  it('move every entry to its default account while reads go on and new entries wait', async () => {
    const people = [await insertUser(pool), await insertUser(pool)]
    const ledgers = []
    for (const userId of people) {
      // The ledger as the code of that time made it (today's ledgerForUser needs later migrations).
      const { rows } = await pool.query<{ id: number }>(
        'insert into ledgers (owner_user_id) values ($1) returning id',
        [userId],
      )
      const ledger = { ledgerId: Number(rows[0]?.id), ownerId: userId }
      await seed(ledger.ledgerId, userId, 500)
      ledgers.push(ledger)
    }
    const totalsBefore = await monthTotals()

    // 018: the schema (short, then committed).
    const files = readdirSync(DIR).filter((f) => /^(018_|019_)/.test(f))
    expect(files.sort()).toEqual([
      '018_accounts_transfers.sql',
      '019_entries_on_default_accounts.sql',
    ])
    await pool.query(`begin; ${readFileSync(path.join(DIR, files[0] as string), 'utf8')}; commit`)
    await pool.query('insert into schema_migrations (name) values ($1)', [files[0]])

    // 019 up to its validations, left open: another session (with a lock timeout, so a
    // blocked statement fails instead of hanging) reads and records the old way.
    const backfill = readFileSync(path.join(DIR, files[1] as string), 'utf8')
    const cut = backfill.indexOf('alter table transactions validate constraint')
    expect(cut).toBeGreaterThan(0)
    const migrating = await pool.connect()
    const other = await pool.connect()
    try {
      await migrating.query(`begin; ${backfill.slice(0, cut)}`)
      await other.query("set lock_timeout = '2s'")
      const read = await other.query('select count(*)::int as n from transactions')
      expect(read.rows[0].n).toBe(1000)
      const { ledgerId } = ledgers[0] as { ledgerId: number }
      const oldWay = (occurredOn: string) =>
        other.query<{ account_id: number }>(
          `insert into transactions (ledger_id, created_by, type, amount_cents, description,
                                     category, occurred_on, source)
           values ($1, $2, 'expense', 999, 'durante a migração', 'outros', $3, 'web')
           returning account_id`,
          [ledgerId, people[0], occurredOn],
        )
      // An entry waits for the commit (019's comment): the default account's running total,
      // which the backfill fills, is locked until then.
      await expect(oldWay('2026-12-15')).rejects.toThrow(/lock timeout/)
      await other.query("set lock_timeout = '30s'")
      const inserted = oldWay('2026-10-01')
      await migrating.query(`${backfill.slice(cut)}; commit`)
      expect((await inserted).rows[0]?.account_id).toEqual(expect.any(Number))
    } finally {
      migrating.release()
      other.release()
    }
    await pool.query('insert into schema_migrations (name) values ($1)', [files[1]])
    // Nothing of 018/019 left for migrate() to do: it applies only the later files.
    expect(await migrate(pool)).toEqual(
      readdirSync(DIR)
        .filter((f) => f.endsWith('.sql') && f > (files[1] as string))
        .sort(),
    )

    // Every ledger has exactly one default account, and every entry is on its ledger's.
    const { rows: accounts } = await pool.query(
      `select ledger_id, name, kind, is_default from accounts order by ledger_id`,
    )
    expect(accounts).toEqual(
      ledgers.map((l) => ({
        ledger_id: l.ledgerId,
        name: 'Conta principal',
        kind: 'checking',
        is_default: true,
      })),
    )
    const { rows: strays } = await pool.query(
      `select t.id from transactions t join accounts a on a.id = t.account_id
        where a.ledger_id <> t.ledger_id or not a.is_default`,
    )
    expect(strays).toEqual([])
    const { rows: constraints } = await pool.query(
      `select conname, convalidated from pg_constraint
        where conrelid = 'transactions'::regclass and conname like 'transactions_account%'
        order by conname`,
    )
    expect(constraints).toEqual([
      { conname: 'transactions_account_fk', convalidated: true },
      { conname: 'transactions_account_present', convalidated: true },
    ])
    await expect(pool.query('update transactions set account_id = null')).rejects.toThrow(
      /transactions_account_present/,
    )

    // The account day totals agree with the entries; the month totals only gained the new one.
    const { rows: mismatches } = await pool.query(
      `select * from (
         select account_id, occurred_on as day,
                sum(case when type = 'income' then amount_cents else -amount_cents end) as net,
                count(*) as n
           from transactions group by 1, 2) e
       full join account_day_totals d on d.account_id = e.account_id and d.day = e.day
       where e.net is distinct from d.net_cents or e.n is distinct from d.entries`,
    )
    expect(mismatches).toEqual([])
    const { rows: accountMismatches } = await pool.query(
      `select * from (
         select account_id, sum(case when type = 'income' then amount_cents else -amount_cents end)
                  as net, count(*) as n
           from transactions group by 1) e
       full join account_totals s on s.account_id = e.account_id
       where e.net is distinct from s.net_cents or e.n is distinct from s.entries`,
    )
    expect(accountMismatches).toEqual([])
    const totalsAfter = await monthTotals()
    expect(totalsAfter.filter((r) => r.category !== 'outros')).toEqual(totalsBefore)

    // The partial index serves the list by account (its predicate follows from account_id = $1).
    const client = await pool.connect()
    try {
      await client.query('set enable_seqscan = off')
      const plan = await client.query(
        `explain select id from transactions where ledger_id = $1 and account_id = $2
          order by occurred_on desc, id desc limit 51`,
        [ledgers[0]?.ledgerId, 1],
      )
      expect(JSON.stringify(plan.rows)).toContain('transactions_account_day_idx')
    } finally {
      client.release()
    }

    // A ledger made now gets its default account from the trigger.
    const later = await ledgerForUser(pool, { userId: await insertUser(pool) })
    const { rows: fresh } = await pool.query(
      'select name, is_default from accounts where ledger_id = $1',
      [later.ledgerId],
    )
    expect(fresh).toEqual([{ name: 'Conta principal', is_default: true }])
  })
})
