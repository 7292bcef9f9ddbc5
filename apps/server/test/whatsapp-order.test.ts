import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJobRunner } from '../src/app/job-runner.ts'
import { createLogger } from '../src/platform/logger.ts'
import { receive } from '../src/messaging/inbox.ts'
import { linkNumber } from '../src/messaging/links.queries.ts'
import { type FakeMeta, fakeMetaEnv, startFakeMeta } from './fake-meta.ts'
import { waitForIdleJobs } from './job-queue.ts'
import { insertUser } from './ledger-fixtures.ts'
import { testEnv } from './test-server.ts'
import { useTestDatabase } from './use-test-database.ts'

/*
 * ARCHITECTURE §12: one person's messages are understood in the order they were sent
 * (WhatsApp's timestamp, then arrival), and their replies reach them in that order, at most one
 * a second. "uber 41" then "desfazer", delivered together but in the wrong order (as Meta may),
 * must record the ride and then undo it — not undo the entry before.
 */
const PEOPLE = 6

let fake: FakeMeta
beforeAll(async () => {
  fake = await startFakeMeta()
})
const database = useTestDatabase()
// Registered after useTestDatabase, so it runs first: the fake closes before the database.
afterAll(async () => {
  await fake?.close()
})

const text = (body: string) => ({ text: { body } })

describe("one person's messages", () => {
  it('are understood in the order sent and answered in that order, a second apart', async () => {
    const db = database.pool
    const env = testEnv(fakeMetaEnv(fake))
    const people: Array<{ userId: string; waId: string }> = []
    for (let i = 0; i < PEOPLE; i++) {
      const userId = await insertUser(db, 'pf_simples')
      const waId = `55119876541${String(i).padStart(2, '0')}`
      await linkNumber(db, { userId, waId })
      people.push({ userId, waId })
    }
    const runner = await startJobRunner(db, createLogger('silent'), env, 4)
    try {
      // Each person's earlier entry, the one a misplaced 'desfazer' would remove.
      const sent = Date.now() - 60_000
      await receive(
        db,
        people.map(({ waId }, i) => ({
          messageId: `wamid.order.first.${i}`,
          channel: 'whatsapp' as const,
          waId,
          type: 'text',
          payload: text('mercado 100'),
          sentAt: new Date(sent),
        })),
      )
      await waitForIdleJobs(db, { timeout: 60_000 })

      // Sent "uber 41" then "desfazer" a second later; they arrive the other way round.
      await receive(
        db,
        people.flatMap(({ waId }, i) => [
          {
            messageId: `wamid.order.undo.${i}`,
            channel: 'whatsapp' as const,
            waId,
            type: 'text',
            payload: text('desfazer'),
            sentAt: new Date(sent + 2_000),
          },
          {
            messageId: `wamid.order.ride.${i}`,
            channel: 'whatsapp' as const,
            waId,
            type: 'text',
            payload: text('uber 41'),
            sentAt: new Date(sent + 1_000),
          },
        ]),
      )
      await waitForIdleJobs(db, { timeout: 60_000 })
    } finally {
      await runner.stop()
    }

    for (const [i, { userId, waId }] of people.entries()) {
      const { rows } = await db.query<{ description: string; amount_cents: number }>(
        `select t.description, t.amount_cents from transactions t
           join ledgers l on l.id = t.ledger_id where l.owner_user_id = $1`,
        [userId],
      )
      // The ride was recorded and undone; the market entry stays.
      expect(rows, waId).toEqual([{ description: 'mercado', amount_cents: 10_000 }])

      const replies = await db.query<{ idempotency_key: string; wamid: string }>(
        `select idempotency_key, wamid from whatsapp_outbound where wa_id = $1`,
        [waId],
      )
      const order = fake
        .sentTo(waId)
        .map((m) => replies.rows.find((r) => r.wamid === m.wamid)?.idempotency_key.split(':')[0])
      expect(order, waId).toEqual([
        `wamid.order.first.${i}`,
        `wamid.order.ride.${i}`,
        `wamid.order.undo.${i}`,
      ])
      const times = fake.sentTo(waId).map((m) => m.at)
      for (let k = 1; k < times.length; k++) {
        // At most one a second (measured where the fake receives them: a little slack).
        expect((times[k] ?? 0) - (times[k - 1] ?? 0), waId).toBeGreaterThanOrEqual(900)
      }
    }
  }, 120_000)

  it('keep their order when the first reply has to be retried', async () => {
    const db = database.pool
    const env = testEnv(fakeMetaEnv(fake))
    const userId = await insertUser(db, 'pf_simples')
    const waId = '5511987654199'
    await linkNumber(db, { userId, waId })
    fake.reset()
    // Meta refuses the next three sends (each retried after about 1 s, 2 s, 4 s): the second
    // reply, due a second after the first, must wait for the first to go out, not go first.
    fake.failNext({ status: 500 }, { status: 500 }, { status: 500 })
    const sent = Date.now()
    await receive(db, [
      {
        messageId: 'wamid.retry.ride',
        channel: 'whatsapp' as const,
        waId,
        type: 'text',
        payload: text('uber 41'),
        sentAt: new Date(sent - 1_000),
      },
      {
        messageId: 'wamid.retry.undo',
        channel: 'whatsapp' as const,
        waId,
        type: 'text',
        payload: text('desfazer'),
        sentAt: new Date(sent),
      },
    ])
    const runner = await startJobRunner(db, createLogger('silent'), env, 4)
    try {
      await expect.poll(() => fake.sentTo(waId).length, { timeout: 60_000 }).toBe(2)
      await waitForIdleJobs(db, { timeout: 60_000 })
    } finally {
      await runner.stop()
    }
    const replies = await db.query<{ idempotency_key: string; wamid: string }>(
      'select idempotency_key, wamid from whatsapp_outbound where wa_id = $1',
      [waId],
    )
    const [first, second] = fake.sentTo(waId)
    const keyOf = (wamid: string | undefined) =>
      replies.rows.find((r) => r.wamid === wamid)?.idempotency_key
    expect([keyOf(first?.wamid), keyOf(second?.wamid)]).toEqual([
      'wamid.retry.ride:reply',
      'wamid.retry.undo:reply',
    ])
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(900)
  }, 120_000)
})
