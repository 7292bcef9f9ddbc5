import type { ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../src/platform/db/database.ts'
import { freePort } from '../src/platform/net.ts'
import {
  delivery,
  type FakeMeta,
  fakeMetaEnv,
  messageId,
  signedDelivery,
  startFakeMeta,
} from './fake-meta.ts'
import { insertUser } from './ledger-fixtures.ts'
import { createTestDatabase } from './test-server.ts'
import { waitForIdleJobs } from './job-queue.ts'
import { crashTestEnv, startProjectServer } from './spawn-project.ts'

/**
 * kill -9 right after acknowledging a burst of webhook deliveries: the real server as
 * `npm start` runs it, in its own process, on a test database. After a restart every
 * acknowledged message is recorded exactly once and answered exactly once, within the 2 minutes
 * ARCHITECTURE §12 promises. A killed runner's jobs are taken for dead once locked, and its
 * locker silent, for WORKER_STALE_AFTER_SECONDS (the default 60 s here: ADR 024, 2026-11-26
 * late). With a 2 s window one reply went twice on a loaded machine: a send the kill left in
 * doubt can be re-run before Meta's status callback reaches the slow-starting server.
 */
const PEOPLE = 8
const MESSAGES_EACH = 4

let fake: FakeMeta
let database: Database
const children: ChildProcess[] = []

beforeAll(async () => {
  fake = await startFakeMeta()
  database = await createTestDatabase()
})
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  await fake?.close()
  await database?.close()
})

function startServer(port: number) {
  return startProjectServer(
    port,
    crashTestEnv(database.url, {
      ...fakeMetaEnv(fake),
      WORKER: 'on',
    }),
    children,
  )
}

describe('a crash right after acknowledging', () => {
  it('loses no message and duplicates none', async () => {
    const db = database.pool
    const people: Array<{ userId: string; waId: string }> = []
    for (let i = 0; i < PEOPLE; i++) {
      const userId = await insertUser(db, 'pf_simples')
      const waId = `55119876${String(55000 + i)}`
      await db.query('insert into whatsapp_links (user_id, phone_key, wa_id) values ($1, $2, $2)', [
        userId,
        waId,
      ])
      people.push({ userId, waId })
    }
    // Distinct amounts: each reply names its message's amount.
    const messages = people.flatMap(({ waId }, p) =>
      Array.from({ length: MESSAGES_EACH }, (_, m) => ({
        from: waId,
        id: messageId(),
        cents: 10_000 + p * 100 + m,
      })),
    )
    const text = (cents: number) =>
      `gastei ${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')} no mercado`

    const port = await freePort()
    fake.sendStatusesTo(`http://127.0.0.1:${port}/api/webhooks/whatsapp`)
    const burst = (batch: typeof messages) =>
      Promise.all(
        batch.map((m) =>
          fetch(
            `http://127.0.0.1:${port}/api/webhooks/whatsapp`,
            signedDelivery(
              delivery({ messages: [{ from: m.from, id: m.id, text: text(m.cents) }] }),
            ),
          ).then((r) => r.status),
        ),
      )
    const half = messages.length / 2
    const processed = async () =>
      (await db.query('select 1 from whatsapp_inbound where processed_at is not null')).rowCount ??
      0

    // Round 1: killed the moment the last 200 arrives.
    const first = await startServer(port)
    expect(await burst(messages.slice(0, half))).toEqual(Array(half).fill(200))
    first.child.kill('SIGKILL')
    await first.exited

    // Round 2: killed while the burst is being worked on (some answered, some mid-way).
    const second = await startServer(port)
    expect(await burst(messages.slice(half))).toEqual(Array(half).fill(200))
    await expect.poll(() => fake.sent.length, { timeout: 30_000, interval: 5 }).toBeGreaterThan(0)
    second.child.kill('SIGKILL')
    await second.exited

    // Every acknowledged message was stored before its 200.
    const stored = await db.query<{ message_id: string }>('select message_id from whatsapp_inbound')
    expect(new Set(stored.rows.map((r) => r.message_id))).toEqual(
      new Set(messages.map((m) => m.id)),
    )
    const before = { processed: await processed(), sent: fake.sent.length }

    const thirdStarted = new Date()
    const third = await startServer(port)
    await expect
      .poll(
        async () =>
          (await db.query(`select 1 from whatsapp_outbound where status = 'sent'`)).rowCount,
        { timeout: 120_000, interval: 250 },
      )
      .toBe(messages.length)
    // A duplicate, if there were one, would be a job still to run: let the queue empty first.
    await waitForIdleJobs(db, { timeout: 30_000, workersSince: thirdStarted })
    third.child.kill('SIGTERM')
    await third.exited

    const recorded = await db.query<{ whatsapp_message_id: string; amount_cents: number }>(
      `select whatsapp_message_id, amount_cents from transactions`,
    )
    expect(recorded.rows).toHaveLength(messages.length)
    expect(new Set(recorded.rows.map((r) => r.whatsapp_message_id)).size).toBe(messages.length)
    for (const m of messages) {
      expect(recorded.rows.find((r) => r.whatsapp_message_id === m.id)?.amount_cents).toBe(m.cents)
    }
    // One reply per message, each sent once, to the number that wrote.
    expect(fake.sent).toHaveLength(messages.length)
    for (const m of messages) {
      const amount = `R$ ${Math.floor(m.cents / 100)},${String(m.cents % 100).padStart(2, '0')}`
      const replies = fake.sent.filter((s) => s.text?.includes(amount))
      expect(replies, amount).toHaveLength(1)
      expect(replies[0]?.to).toBe(m.from)
    }
    const inbound = await db.query(`select 1 from whatsapp_inbound where status = 'processed'`)
    expect(inbound.rowCount).toBe(messages.length)
    console.info(
      `crash test: ${before.processed}/${messages.length} processed and ${before.sent} replies sent before the last kill`,
    )
  }, 240_000)
})
