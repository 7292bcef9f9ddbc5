import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../src/platform/db/database.ts'
import { insertBillsFor, insertPeople, insertRecurringFor } from './bulk-people.ts'
import { crashTestEnv, spawnProject } from './spawn-project.ts'
import { createTestDatabase } from './test-server.ts'

/*
 * kill -9 in the middle of `npm run cli -- run-task recurring_entries` and `… bill_reminders`,
 * the real CLI in its own process on a test database, then the same command again: every
 * occurrence is recorded exactly once and every reminder exists exactly once with exactly one
 * delivery job — nothing twice, nothing missed.
 */
const PEOPLE = 1500

let database: Database
let dataDir: string
const children: ChildProcess[] = []
beforeAll(async () => {
  database = await createTestDatabase()
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'equilibrai-crash-'))
})
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  await database?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

function runTask(task: string, at: string) {
  return spawnProject(
    'apps/server/src/app/cli/main.ts',
    ['run-task', task, '--at', at],
    crashTestEnv(database.url, { DATA_DIR: dataDir }),
    children,
  )
}

const count = async (sql: string) =>
  Number((await database.pool.query<{ n: string }>(sql)).rows[0]?.n ?? 0)

/** Polls until `sql` counts at least `min` (or the process ends first). */
async function waitFor(sql: string, min: number, exited: Promise<unknown>) {
  let done = false
  void exited.then(() => (done = true))
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline && !done) {
    if ((await count(sql)) >= min) return
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('kill -9 in the middle of a scheduled run', () => {
  it('recurring_entries: a rerun records every occurrence, none twice', async () => {
    const db = database.pool
    const ledgers = await insertPeople(db, { count: PEOPLE, prefix: 'crash_r_' })
    await insertRecurringFor(db, { ledgerIds: ledgers, perLedger: 2, nextOn: '2026-12-05' })
    const total = PEOPLE * 2
    const occurrences = 'select count(*) as n from recurring_occurrences'

    const first = runTask('recurring_entries', '2026-12-05T09:00:00Z')
    await waitFor(occurrences, total / 5, first.exited)
    first.child.kill('SIGKILL')
    await first.exited
    const before = await count(occurrences)
    expect(before).toBeGreaterThan(0)
    expect(before).toBeLessThan(total)

    const second = runTask('recurring_entries', '2026-12-05T09:00:00Z')
    expect(await second.exited, second.output()).toBe(0)
    expect(await count(occurrences)).toBe(total)
    expect(await count(`select count(*) as n from transactions`)).toBe(total)
    expect(
      await count(`select count(*) as n from (select ledger_id, description, occurred_on
                     from transactions group by 1, 2, 3 having count(*) > 1) d`),
    ).toBe(0)
    expect(
      await count(`select count(*) as n from recurring_entries where next_on <> '2027-01-05'`),
    ).toBe(0)
    // The month's counter matches: every entry counted once.
    expect(await count(`select sum(monthly_transactions) as n from subscribers`)).toBe(total)
  }, 180_000)

  it('bill_reminders: a rerun records every reminder and its delivery job, none twice', async () => {
    const db = database.pool
    const ledgers = await insertPeople(db, { count: PEOPLE, prefix: 'crash_b_' })
    await insertBillsFor(db, { ledgerIds: ledgers, perLedger: 3, dueOn: '2026-12-10' })
    const total = PEOPLE * 3
    const alerts = `select count(*) as n from alerts where kind = 'bill_due'`

    const first = runTask('bill_reminders', '2026-12-09T12:00:00Z')
    await waitFor(alerts, 1, first.exited)
    first.child.kill('SIGKILL')
    await first.exited
    expect(await count(alerts)).toBeLessThan(total)

    const second = runTask('bill_reminders', '2026-12-09T12:00:00Z')
    expect(await second.exited, second.output()).toBe(0)
    const third = runTask('bill_reminders', '2026-12-09T15:00:00Z')
    expect(await third.exited, third.output()).toBe(0)
    expect(await count(alerts)).toBe(total)
    expect(
      await count(`select count(distinct dedupe_key) as n from alerts where kind = 'bill_due'`),
    ).toBe(total)
    // Every reminder in exactly one delivery job (they go a page at a time: alerts_notify).
    const delivered = `select (p.value #>> '{}')::bigint as id
                         from graphile_worker._private_jobs j
                         join graphile_worker._private_tasks t on t.id = j.task_id,
                              json_array_elements(j.payload -> 'ids') as p
                        where t.identifier = 'alerts_notify'
                       union all
                       select (j.payload ->> 'id')::bigint
                         from graphile_worker._private_jobs j
                         join graphile_worker._private_tasks t on t.id = j.task_id
                        where t.identifier = 'alert_notify'`
    expect(await count(`select count(*) as n from (${delivered}) d`)).toBe(total)
    expect(await count(`select count(distinct id) as n from (${delivered}) d`)).toBe(total)
    expect(
      await count(
        `select count(*) as n from alerts a where not exists (
           select 1 from (${delivered}) d where d.id = a.id)`,
      ),
    ).toBe(0)
  }, 180_000)
})
