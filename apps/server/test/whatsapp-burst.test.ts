import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPool, type Db } from '../src/platform/db/database.ts'
import { startJobRunner } from '../src/app/job-runner.ts'
import { createLogger } from '../src/platform/logger.ts'
import { receive } from '../src/messaging/inbox.ts'
import { linkNumber } from '../src/messaging/links.queries.ts'
import { waitForIdleJobs } from './job-queue.ts'
import { insertUser } from './ledger-fixtures.ts'
import { testEnv } from './test-server.ts'
import { useTestDatabase } from './use-test-database.ts'

/**
 * A burst of messages larger than the connection pool is processed to the end, each on its
 * first attempt: a job holds one connection at a time (the assistant runs on the job's own), so
 * jobs never wait on each other for a second one. With four connections and four workers, the
 * runner's LISTEN connection leaves three for four jobs.
 */
const database = useTestDatabase()
let small: Db
beforeAll(() => {
  small = createPool(database.url, { max: 4 })
})
// Registered after useTestDatabase, so it runs first: the small pool ends before the database.
afterAll(async () => {
  await small?.end()
})

describe('a burst of WhatsApp messages', () => {
  it('completes on a pool smaller than the work, every message on its first attempt', async () => {
    const db = database.pool
    const people: string[] = []
    for (let i = 0; i < 6; i++) {
      const userId = await insertUser(db, 'pf_simples')
      const waId = `55119876540${String(i).padStart(2, '0')}`
      await linkNumber(db, { userId, waId })
      people.push(waId)
    }
    const messages = Array.from({ length: 30 }, (_, n) => ({
      messageId: `wamid.burst.${n}`,
      channel: 'whatsapp' as const,
      waId: people[n % people.length] ?? '',
      type: 'text',
      payload: { text: { body: `gastei ${n + 1} no mercado` } },
      sentAt: null,
    }))
    const { stored } = await receive(small, messages)
    expect(stored).toHaveLength(30)

    const runner = await startJobRunner(small, createLogger('silent'), testEnv(), 4)
    try {
      await waitForIdleJobs(db, { timeout: 60_000 })
    } finally {
      await runner.stop()
    }
    const inbound = await db.query<{ status: string; attempts: number }>(
      'select status, attempts from whatsapp_inbound',
    )
    expect(inbound.rows).toHaveLength(30)
    expect(inbound.rows.every((r) => r.status === 'processed' && r.attempts === 1)).toBe(true)
    const entries = await db.query<{ count: number }>(
      'select count(*)::int as count from transactions',
    )
    expect(entries.rows[0]?.count).toBe(30)
    const replies = await db.query<{ status: string; count: number }>(
      'select status, count(*)::int as count from whatsapp_outbound group by status',
    )
    expect(replies.rows).toEqual([{ status: 'delivered', count: 30 }])
  }, 90_000)
})
