import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertPeople } from '../../../test/bulk-people.ts'
import { crashTestEnv, spawnProject } from '../../../test/spawn-project.ts'
import { createTestDatabase } from '../../../test/test-server.ts'
import type { Database } from '../../platform/db/database.ts'
import { dayIso, FakePluggy } from './fake-pluggy/fake-pluggy.ts'
import { queueSync } from './open-finance.run.ts'

/*
 * kill -9 of a worker in the middle of a sync (ARCHITECTURE §11, §12): another worker takes the
 * job again (lock sweep, WORKER_STALE_AFTER_SECONDS=2 here) and nothing is recorded twice —
 * every page is one transaction that locks the connection and remembers each aggregator id.
 * The sync is made slow without touching its code: the fake answers each page late.
 */
const EXTRA = 3000

let database: Database
let dataDir: string
let fake: FakePluggy
const children: ChildProcess[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'equilibrai-of-crash-'))
  fake = new FakePluggy({ settleMs: 5 })
  await fake.start()
})
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  await fake?.stop()
  await database?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

function startWorker() {
  return spawnProject(
    'apps/server/src/app/worker.ts',
    [],
    crashTestEnv(database.url, {
      DATA_DIR: dataDir,
      WORKER_STALE_AFTER_SECONDS: '2',
      PLUGGY_CLIENT_ID: 'crash-client',
      PLUGGY_CLIENT_SECRET: 'crash-secret',
      PLUGGY_BASE_URL: fake.url,
    }),
    children,
  )
}

const count = async (sql: string, params: unknown[]) =>
  Number((await database.pool.query<{ n: string }>(sql, params)).rows[0]?.n ?? 0)

describe('a worker killed in the middle of a sync', () => {
  it('leaves the sync to another worker, and nothing is recorded twice', async () => {
    const db = database.pool
    const [ledgerId] = await insertPeople(db, { count: 1, prefix: 'ofc_' })
    const { rows: owner } = await db.query<{ owner_user_id: string }>(
      'select owner_user_id from ledgers where id = $1',
      [ledgerId],
    )
    const itemId = fake.seedItem()
    const checking = fake.accountsOf(itemId).find((a) => a.type === 'BANK')?.id ?? ''
    fake.addTransactions(
      checking,
      Array.from({ length: EXTRA }, (_, i) => ({
        date: dayIso(new Date(), i % 80),
        description: `COMPRA ${i}`,
        type: 'DEBIT' as const,
        amount: -(1 + i / 100),
      })),
    )
    const { rows } = await db.query<{ id: string }>(
      `insert into bank_connections (ledger_id, created_by, item_id, connector_id, institution)
       values ($1, $2, $3, 2, 'Pluggy Bank (sandbox)') returning id`,
      [ledgerId, owner[0]?.owner_user_id, itemId],
    )
    const connectionId = Number(rows[0]?.id)
    fake.transactionsDelayMs = 300
    await queueSync(db, connectionId)

    const first = startWorker()
    const synced = () =>
      count('select count(*) as n from bank_synced_transactions where connection_id = $1', [
        connectionId,
      ])
    // Killed once some pages are in and others are not.
    await expect.poll(synced, { timeout: 60_000, interval: 20 }).toBeGreaterThan(0)
    expect(await synced()).toBeLessThan(EXTRA)
    first.child.kill('SIGKILL')
    await first.exited
    fake.transactionsDelayMs = 0

    startWorker()
    await expect
      .poll(
        async () =>
          (
            await db.query<{ status: string }>(
              'select status from bank_connections where id = $1',
              [connectionId],
            )
          ).rows[0]?.status,
        { timeout: 90_000, interval: 100 },
      )
      .toBe('ok')
    // Sandbox: 7 entries on the checking account (one pending waits, the bill payment is the
    // card's transfer), 6 on the card and one transfer; plus the EXTRA purchases.
    expect(
      await count('select count(*) as n from transactions where ledger_id = $1', [ledgerId]),
    ).toBe(EXTRA + 13)
    expect(
      await count('select count(*) as n from transfers where ledger_id = $1', [ledgerId]),
    ).toBe(1)
    expect(
      await count(
        `select count(*) as n from (select description from transactions where ledger_id = $1
           and description like 'COMPRA %' group by description having count(*) > 1) d`,
        [ledgerId],
      ),
    ).toBe(0)
  }, 180_000)
})
