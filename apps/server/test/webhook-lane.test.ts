import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { startJobRunner } from '../src/app/job-runner.ts'
import { emitTestEvent, emitWebhookEvent } from '../src/events/webhook-events.ts'
import { receive } from '../src/messaging/inbox.ts'
import { linkNumber } from '../src/messaging/links.queries.ts'
import { withTransaction } from '../src/platform/db/transaction.ts'
import { createLogger } from '../src/platform/logger.ts'
import { ledgerForUser } from '../src/tenancy/ledgers.queries.ts'
import { insertUser } from './ledger-fixtures.ts'
import { testEnv } from './test-server.ts'
import { startReceiver } from './webhook-receiver.ts'
import { useTestDatabase } from './use-test-database.ts'

/*
 * Issue 25 (medium): 24 test events to an endpoint that accepts the connection and never
 * answers held every worker slot, and another customer's WhatsApp reply waited a minute.
 * Outgoing deliveries run in their own lane (a runner of their own, one job at a time per
 * endpoint), so a dead endpoint holds one slot of that lane and nothing else. Asserted on
 * order and occupancy: another person's reply and another endpoint's delivery both happen
 * while the dead endpoint's backlog is still being worked through, never more than one of its
 * attempts running at a time.
 */

const database = useTestDatabase()

/** Accepts connections and never answers; counts them. */
async function deadEndpoint() {
  const sockets = new Set<net.Socket>()
  let accepted = 0
  const server = net.createServer((socket) => {
    accepted += 1
    sockets.add(socket)
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/never`,
    accepted: () => accepted,
    close: () => {
      for (const s of sockets) s.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

async function endpointFor(plan: string, url: string, events: string[]) {
  const db = database.pool
  const userId = await insertUser(db, plan)
  const ledger = await ledgerForUser(db, { userId })
  const { rows } = await db.query<{ id: string }>(
    `insert into webhook_endpoints (ledger_id, created_by, url, events, secret)
     values ($1, $2, $3, $4, 'whsec_x') returning id`,
    [ledger.ledgerId, userId, url, events],
  )
  return { userId, ledgerId: ledger.ledgerId, endpointId: Number(rows[0]?.id) }
}

describe('the outgoing webhooks lane', () => {
  it('a never-answering endpoint with 24 test events delays neither WhatsApp replies nor other endpoints', {
    timeout: 120_000,
  }, async () => {
    const db = database.pool
    const dead = await deadEndpoint()
    const healthy = await startReceiver()
    try {
      const stuck = await endpointFor('empresas_15', dead.url, ['transaction.created'])
      for (let i = 0; i < 24; i++) {
        await withTransaction(db, (tx) =>
          emitTestEvent(tx, { ledgerId: stuck.ledgerId, endpointId: stuck.endpointId }),
        )
      }
      // Queued after the 24: another customer's message and another customer's event.
      const other = await endpointFor('empresas_15', healthy.url, ['transaction.created'])
      await withTransaction(db, (tx) =>
        emitWebhookEvent(tx, {
          ledgerId: other.ledgerId,
          type: 'transaction.created',
          data: { id: 1 },
        }),
      )
      const waId = '5511987650001'
      const person = await insertUser(db, 'pf_simples')
      await linkNumber(db, { userId: person, waId })
      await receive(db, [
        {
          messageId: 'wamid.lane.1',
          channel: 'whatsapp',
          waId,
          type: 'text',
          payload: { text: { body: 'gastei 12 no mercado' } },
          sentAt: null,
        },
      ])

      const runner = await startJobRunner(db, createLogger('silent'), testEnv(), 4)
      try {
        let deadAttemptsWhenReplied = -1
        let mostDeadJobsRunning = 0
        await expect
          .poll(
            async () => {
              const running = await db.query<{ n: number }>(
                `select count(*)::int as n from graphile_worker.jobs j
                   join webhook_deliveries d on j.key = 'webhook:' || d.id
                  where j.task_identifier = 'webhook_deliver' and j.locked_at is not null
                    and d.endpoint_id = $1`,
                [stuck.endpointId],
              )
              mostDeadJobsRunning = Math.max(mostDeadJobsRunning, running.rows[0]?.n ?? 0)
              const sent = await db.query(
                `select 1 from whatsapp_outbound
                  where wa_id = $1 and status in ('sent', 'delivered', 'read')`,
                [waId],
              )
              if (sent.rows.length && healthy.received.length === 1) {
                deadAttemptsWhenReplied = dead.accepted()
                return true
              }
              return false
            },
            { timeout: 60_000, interval: 50 },
          )
          .toBe(true)
        // The reply and the other delivery came while the dead endpoint's backlog was still
        // being worked through, one attempt at a time (one slot of the webhooks lane).
        expect(deadAttemptsWhenReplied).toBeGreaterThan(0)
        expect(deadAttemptsWhenReplied).toBeLessThan(24)
        expect(mostDeadJobsRunning).toBe(1)
      } finally {
        await dead.close()
        await runner.stop()
      }
    } finally {
      await healthy.close()
    }
  })
})
