import { beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../../test/ledger-fixtures.ts'
import { withTransaction } from '../platform/db/transaction.ts'
import { ensureJobSchema } from '../platform/jobs/add-job.ts'
import { ledgerForUser } from '../tenancy/ledgers.queries.ts'
import { emitWebhookEvent, emitWebhookEvents } from './webhook-events.ts'
import { useTestDatabase } from '../../test/use-test-database.ts'

const database = useTestDatabase()
beforeAll(async () => {
  await ensureJobSchema(database.pool)
})

async function ledgerWithEndpoint(events: string[] | null) {
  const db = database.pool
  const userId = await insertUser(db, 'empresas_15')
  const ledger = await ledgerForUser(db, { userId })
  if (events) {
    await db.query(
      `insert into webhook_endpoints (ledger_id, created_by, url, events, secret)
       values ($1, $2, 'http://127.0.0.1:9/h', $3, 'whsec_x')`,
      [ledger.ledgerId, userId, events],
    )
  }
  return { userId, ledger }
}

const count = async (sql: string, params: unknown[]) =>
  Number((await database.pool.query<{ n: string }>(sql, params)).rows[0]?.n)

describe('emitting webhook events', () => {
  it('writes nothing for a ledger without subscribed endpoints', async () => {
    const none = await ledgerWithEndpoint(null)
    const other = await ledgerWithEndpoint(['bill.due'])
    const result = await withTransaction(database.pool, async (tx) => [
      await emitWebhookEvent(tx, {
        ledgerId: none.ledger.ledgerId,
        type: 'budget.alert',
        data: {},
      }),
      await emitWebhookEvent(tx, {
        ledgerId: other.ledger.ledgerId,
        type: 'budget.alert',
        data: {},
      }),
    ])
    expect(result).toEqual([
      { eventId: null, deliveries: 0 },
      { eventId: null, deliveries: 0 },
    ])
  })

  it('emits by owner id, and rolls back with the transaction', async () => {
    const { userId, ledger } = await ledgerWithEndpoint(['bill.due'])
    const emitted = await withTransaction(database.pool, (tx) =>
      emitWebhookEvent(tx, { ownerId: userId, type: 'bill.due', data: { id: 1 } }),
    )
    expect(emitted.deliveries).toBe(1)
    await expect(
      withTransaction(database.pool, async (tx) => {
        await emitWebhookEvent(tx, { ownerId: userId, type: 'bill.due', data: { id: 2 } })
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(
      await count('select count(*) as n from webhook_events where ledger_id = $1', [
        ledger.ledgerId,
      ]),
    ).toBe(1)
    expect(
      await count(
        `select count(*) as n from graphile_worker.jobs j join webhook_deliveries d
            on j.key = 'webhook:' || d.id join webhook_events e on e.id = d.event_id
          where e.ledger_id = $1`,
        [ledger.ledgerId],
      ),
    ).toBe(1)
  })

  it('emits a batch in one statement, only where an endpoint subscribes', async () => {
    const a = await ledgerWithEndpoint(['transaction.created'])
    const b = await ledgerWithEndpoint(['budget.alert'])
    const queued = await withTransaction(database.pool, (tx) =>
      emitWebhookEvents(tx, [
        { ledgerId: a.ledger.ledgerId, type: 'transaction.created', data: { id: 1 } },
        { ledgerId: a.ledger.ledgerId, type: 'transaction.created', data: { id: 2 } },
        { ledgerId: b.ledger.ledgerId, type: 'transaction.created', data: { id: 3 } },
        { ledgerId: b.ledger.ledgerId, type: 'budget.alert', data: { percent: 80 } },
      ]),
    )
    expect(queued).toBe(3)
    const { rows } = await database.pool.query(
      `select e.ledger_id::int as ledger, e.type, e.data from webhook_events e
        where e.ledger_id = any ($1::bigint[]) order by e.ledger_id, e.data->>'id'`,
      [[a.ledger.ledgerId, b.ledger.ledgerId]],
    )
    expect(rows).toEqual([
      { ledger: a.ledger.ledgerId, type: 'transaction.created', data: { id: 1 } },
      { ledger: a.ledger.ledgerId, type: 'transaction.created', data: { id: 2 } },
      { ledger: b.ledger.ledgerId, type: 'budget.alert', data: { percent: 80 } },
    ])
  })
})
