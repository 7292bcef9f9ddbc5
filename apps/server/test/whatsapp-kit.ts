import { expect } from 'vitest'
import type { TestClient } from './auth-client.ts'
import { delivery, type FakeMeta, type InboundSpec, signedDelivery } from './fake-meta.ts'
import type { TestServer } from './test-server.ts'

/** Helpers shared by the WhatsApp channel's tests. */

/** Posts a signed delivery with these messages; expects the 200. */
export async function deliver(server: TestServer, ...messages: InboundSpec[]) {
  const res = await server.api('/api/webhooks/whatsapp', signedDelivery(delivery({ messages })))
  expect(res.status).toBe(200)
  return (await res.json()) as { received: number; stored: number }
}

/** The replies the fake Meta received for a number, once there are `count` of them. */
export async function repliesTo(fake: FakeMeta, waId: string, count = 1, timeout = 15_000) {
  await expect
    .poll(() => fake.sentTo(waId).length, { timeout, interval: 50 })
    .toBeGreaterThanOrEqual(count)
  return fake.sentTo(waId)
}

/** Links `waId` to the client's account: a code from the API, 'vincular <code>' from WhatsApp. */
export async function linkWhatsApp(
  server: TestServer,
  fake: FakeMeta,
  client: TestClient,
  waId: string,
  sentForm = waId,
) {
  const res = await client.post('/api/whatsapp/link-code', {})
  expect(res.status).toBe(201)
  const { code } = (await res.json()) as { code: string }
  const before = fake.sentTo(sentForm).length
  await deliver(server, { from: sentForm, text: `vincular ${code}` })
  const replies = await repliesTo(fake, sentForm, before + 1)
  return { code, reply: replies[before] }
}

export async function inboundRows(server: TestServer) {
  const { rows } = await server.database.pool.query<{
    message_id: string
    wa_id: string
    type: string
    status: string
    payload: unknown
    processed_at: Date | null
  }>(
    'select message_id, wa_id, type, status, payload, processed_at from whatsapp_inbound order by id',
  )
  return rows
}
