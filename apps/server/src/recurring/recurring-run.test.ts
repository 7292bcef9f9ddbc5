import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../../test/ledger-fixtures.ts'
import { createTestDatabase, testEnv } from '../../test/test-server.ts'
import type { Database, Db } from '../platform/db/database.ts'
import { setBudget } from '../budgets/budgets.queries.ts'
import { runTaskCommand } from '../app/cli/commands/run-task.ts'
import { ledgerForUser } from '../tenancy/ledgers.queries.ts'
import { insertRecurring, listRecurring } from './recurring.queries.ts'
import { recurringRefusedJob } from './recurring.jobs.ts'
import { occurrenceAfter, runRecurringEntries, sendRefusedNotices } from './recurring-run.ts'

/*
 * The recurring_entries task with a controllable clock: each occurrence recorded once on its
 * São Paulo day, day 31 on the last day of short months, missed days caught up, and the plan's
 * limit refusing one is told to the person.
 */
let database: Database
let db: Db
const env = testEnv()
beforeAll(async () => {
  database = await createTestDatabase()
  db = database.pool
})
afterAll(() => database?.close())

/**
 * What the recurring_refused_notify jobs queued so far do (the job runner is off here): every
 * one run again, as a retry would. Returns how many items they hold.
 */
async function runRefusedJobs(): Promise<number> {
  const { rows } = await db.query<{ payload: unknown }>(
    `select j.payload from graphile_worker._private_jobs j
       join graphile_worker._private_tasks t on t.id = j.task_id
      where t.identifier = $1 order by j.id`,
    [recurringRefusedJob.task],
  )
  let items = 0
  for (const { payload } of rows) {
    const job = recurringRefusedJob.payload.parse(payload)
    await sendRefusedNotices(db, env, job.items)
    items += job.items.length
  }
  return items
}

/** 06:00 in São Paulo on `day`. */
const at = (day: string) => new Date(`${day}T09:00:00Z`)

async function recurring(userId: string, day: number, nextOn: string, over = {}) {
  const { ledgerId } = await ledgerForUser(db, { userId })
  return insertRecurring(db, {
    ledgerId,
    createdBy: userId,
    input: {
      type: 'income',
      amount_cents: 450_000,
      description: 'salário',
      category: 'salario',
      day_of_month: day,
      ...over,
    },
    nextOn,
    source: 'whatsapp',
  })
}

async function entries(userId: string) {
  const { rows } = await db.query<{
    occurred_on: string
    amount_cents: number
    description: string
  }>(
    `select t.occurred_on, t.amount_cents, t.description from transactions t
       join ledgers l on l.id = t.ledger_id where l.owner_user_id = $1 order by t.occurred_on, t.id`,
    [userId],
  )
  return rows
}

describe('occurrenceAfter', () => {
  it('keeps day 31 on the last day of shorter months and comes back to 31', () => {
    expect(occurrenceAfter('2027-01-31', 31)).toBe('2027-02-28')
    expect(occurrenceAfter('2027-02-28', 31)).toBe('2027-03-31')
    expect(occurrenceAfter('2028-01-31', 31)).toBe('2028-02-29')
    expect(occurrenceAfter('2027-12-05', 5)).toBe('2028-01-05')
    expect(occurrenceAfter('2027-03-31', 31)).toBe('2027-04-30')
  })
})

describe('runRecurringEntries', () => {
  it('records on its day, once, however often it runs, across month and year ends', async () => {
    const userId = await insertUser(db, 'pf_simples')
    await recurring(userId, 31, '2026-12-31', {
      type: 'expense',
      amount_cents: 150_000,
      description: 'aluguel',
      category: 'moradia',
    })
    await runRecurringEntries(db, env, at('2026-12-30'))
    expect(await entries(userId)).toEqual([])
    for (const day of ['2026-12-31', '2026-12-31', '2027-01-15', '2027-01-31', '2027-02-27']) {
      await runRecurringEntries(db, env, at(day))
    }
    await runRecurringEntries(db, env, at('2027-02-28'))
    await runRecurringEntries(db, env, at('2027-02-28'))
    expect((await entries(userId)).map((e) => e.occurred_on)).toEqual([
      '2026-12-31',
      '2027-01-31',
      '2027-02-28',
    ])
    const { ledgerId } = await ledgerForUser(db, { userId })
    const [listed] = await listRecurring(db, { ledgerId })
    expect(listed?.next_on).toBe('2027-03-31')
  })

  it('catches up every missed occurrence with its own date after downtime', async () => {
    const userId = await insertUser(db, 'pf_simples')
    await recurring(userId, 5, '2026-10-05')
    const run = await runRecurringEntries(db, env, at('2026-12-20'))
    expect(run.recorded).toBeGreaterThanOrEqual(3)
    expect(await entries(userId)).toEqual([
      { occurred_on: '2026-10-05', amount_cents: 450_000, description: 'salário' },
      { occurred_on: '2026-11-05', amount_cents: 450_000, description: 'salário' },
      { occurred_on: '2026-12-05', amount_cents: 450_000, description: 'salário' },
    ])
  })

  it('counts against the monthly limit and tells the person when the limit refuses one', async () => {
    const userId = await insertUser(db, 'free')
    const { ledgerId } = await ledgerForUser(db, { userId })
    // The month's five entries are already used (the counter is the database clock's month).
    await db.query(
      `update subscribers set monthly_transactions = 5,
              counter_month = to_char(now() at time zone 'America/Sao_Paulo', 'YYYY-MM')
        where user_id = $1`,
      [userId],
    )
    await recurring(userId, 5, '2026-11-05')
    const before = await runRefusedJobs()
    const run = await runRecurringEntries(db, env, at('2026-11-05'))
    expect(run).toMatchObject({ refused: 1 })
    expect(await entries(userId)).toEqual([])
    // The run queued the message (one job for the batch); the job sends it.
    expect(await runRefusedJobs()).toBe(before + 1)
    const [listed] = await listRecurring(db, { ledgerId })
    expect(listed?.last_refused_on).toBe('2026-11-05')
    expect(listed?.next_on).toBe('2026-12-05')
    const { rows } = await db.query<{ text: string }>(
      `select payload->'message'->>'text' as text from whatsapp_outbound where user_id = $1`,
      [userId],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]?.text).toMatch(/^⚠️ Não registrei \*salário\* R\$ 4\.500,00 de 05\/11: /)
    expect(rows[0]?.text).toContain('/dashboard#planos')
    // A rerun neither records it nor queues it again, and a retried job does not send it twice.
    await runRecurringEntries(db, env, at('2026-11-05'))
    expect(await runRefusedJobs()).toBe(before + 1)
    const again = await db.query('select 1 from whatsapp_outbound where user_id = $1', [userId])
    expect(again.rowCount).toBe(1)
  })

  it('a recurring expense counts against the budget like any entry', async () => {
    const userId = await insertUser(db, 'pf_simples')
    const { ledgerId } = await ledgerForUser(db, { userId })
    await setBudget(db, { ledgerId, category: 'moradia', month: '2026-11', limitCents: 160_000 })
    await recurring(userId, 10, '2026-11-10', {
      type: 'expense',
      amount_cents: 150_000,
      description: 'aluguel',
      category: 'moradia',
    })
    await runRecurringEntries(db, env, at('2026-11-10'))
    const { rows } = await db.query<{ kind: string }>(
      'select kind from alerts where ledger_id = $1 order by id',
      [ledgerId],
    )
    expect(rows).toEqual([{ kind: 'budget_80' }])
  })

  it('cancelled ones record nothing more', async () => {
    const userId = await insertUser(db, 'pf_simples')
    const r = await recurring(userId, 10, '2026-11-10')
    await db.query('update recurring_entries set cancelled_at = now() where id = $1', [r.id])
    await runRecurringEntries(db, env, at('2026-11-10'))
    expect(await entries(userId)).toEqual([])
  })

  it('runs on demand with run-task recurring_entries --at', async () => {
    const userId = await insertUser(db, 'pf_simples')
    await recurring(userId, 5, '2027-06-05')
    const lines: string[] = []
    const ctx = { db, env, log: undefined as never, print: (l: string) => lines.push(l) }
    await runTaskCommand.run(ctx, ['recurring_entries', '--at', '2027-06-05T06:00:00-03:00'])
    expect(lines.at(-1)).toMatch(/^recurring_entries em 2027-06-05T09:00:00.000Z: .*recorded/)
    expect((await entries(userId)).map((e) => e.occurred_on)).toEqual(['2027-06-05'])
  })
})

describe('a recurring entry at the turn of the month', () => {
  it('counts the installments already dated in the new month (a free user ends with the right counter)', async () => {
    const userId = await insertUser(db, 'free')
    const { ledgerId } = await ledgerForUser(db, { userId })
    // Last month (on the database's clock, which the counter follows): 3 entries, and a TV in
    // installments whose next two fall in this month.
    await db.query(
      `update subscribers set monthly_transactions = 3,
              counter_month = to_char((now() at time zone 'America/Sao_Paulo') - interval '1 month', 'YYYY-MM')
        where user_id = $1`,
      [userId],
    )
    await db.query(
      `insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                                 occurred_on, source, installment_number, installment_count,
                                 created_at, entry_group)
       select $1, $2, 'expense', 20000, 'TV', 'compras',
              date_trunc('month', now() at time zone 'America/Sao_Paulo')::date + k - 2, 'web',
              k, 12, date_trunc('month', now() at time zone 'America/Sao_Paulo') - interval '10 days',
              '00000000-0000-4000-8000-000000000025'::uuid
         from generate_series(2, 3) as k`,
      [ledgerId, userId],
    )
    const now = new Date()
    const today = now.toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' })
    await recurring(userId, Number(today.slice(8, 10)), today)

    const run = await runRecurringEntries(db, env, now)
    expect(run).toMatchObject({ refused: 0 })
    const { rows } = await db.query<{ monthly_transactions: number; this_month: boolean }>(
      `select monthly_transactions,
              counter_month = to_char(now() at time zone 'America/Sao_Paulo', 'YYYY-MM') as this_month
         from subscribers where user_id = $1`,
      [userId],
    )
    // The two installments of this month and the salary.
    expect(rows[0]).toEqual({ monthly_transactions: 3, this_month: true })
  })
})
