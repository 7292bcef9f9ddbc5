import { describe, expect, it } from 'vitest'
import { insertPeople } from '../../../test/bulk-people.ts'
import { addHints, clearHints, pendingHints } from './connections.queries.ts'
import { useTestDatabase } from '../../../test/use-test-database.ts'

/*
 * Webhook events are hints a sync re-reads. A 'deleted' event for a transaction whose 'updated'
 * hint a running sync has already read must not be cleared by that sync: it would never be
 * applied (the entry would stay though the bank removed it).
 */

const database = useTestDatabase()

describe('webhook hints', () => {
  it('a hint added again while a sync holds it survives that sync; an untouched one is cleared', async () => {
    const db = database.pool
    const [ledgerId] = await insertPeople(db, { count: 1, prefix: 'ofh_' })
    const { rows } = await db.query<{ id: string }>(
      `insert into bank_connections (ledger_id, created_by, item_id, connector_id, institution)
       select $1, owner_user_id, 'item-h', 2, 'Banco' from ledgers where id = $1 returning id`,
      [ledgerId],
    )
    const connectionId = Number(rows[0]?.id)
    await addHints(db, { connectionId, remoteAccountId: 'acc', remoteIds: ['tx-1', 'tx-2'] })

    const read = await pendingHints(db, { connectionId })
    expect(read.map((h) => h.remote_id).sort()).toEqual(['tx-1', 'tx-2'])
    // The 'deleted' event for tx-1 arrives while the sync works on what it read.
    await addHints(db, { connectionId, remoteAccountId: 'acc', remoteIds: ['tx-1'] })
    await clearHints(db, { connectionId, hints: read })

    const left = await pendingHints(db, { connectionId })
    expect(left.map((h) => h.remote_id)).toEqual(['tx-1'])
    await clearHints(db, { connectionId, hints: left })
    expect(await pendingHints(db, { connectionId })).toEqual([])
  })
})
