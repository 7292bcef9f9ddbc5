import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { ledgerForUser } from '../src/tenancy/index.ts'
import { signedInUser, type TestClient } from './auth-client.ts'
import {
  delivery,
  type FakeMeta,
  fakeMetaEnv,
  type InboundSpec,
  type SentMessage,
  signedDelivery,
  startFakeMeta,
} from './fake-meta.ts'
import { setPlan } from './report-fixtures.ts'
import { startTestServer, type TestServer } from './test-server.ts'

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

/** A category of one's own, created on the web as the person would (201): its id. */
export async function ownCategory(
  client: TestClient,
  body: { name: string; emoji?: string; category?: string },
) {
  const res = await client.post('/api/v1/categories', body)
  expect(res.status).toBe(201)
  return (await res.json()) as { id: number }
}

/** A message from a number already known: InboundSpec without its `from`. */
type WithoutFrom<S> = S extends unknown ? Omit<S, 'from'> : never
export type MessageFrom = WithoutFrom<InboundSpec>

/** A signed-in person whose number is linked, with their ledger. */
export type LinkedPerson = {
  client: TestClient
  userId: string
  ledgerId: number
  waId: string
  /** Sends a text (or any message) from their number; the reply it got. */
  say(message: string | MessageFrom): Promise<SentMessage>
}

/** The WhatsApp channel end to end: the real server, its jobs, and the fake Meta it talks to. */
export type WhatsAppRig = {
  readonly server: TestServer
  readonly fake: FakeMeta
  deliver(...messages: InboundSpec[]): ReturnType<typeof deliver>
  repliesTo(waId: string, count?: number, timeout?: number): Promise<SentMessage[]>
  link(client: TestClient, waId: string, sentForm?: string): ReturnType<typeof linkWhatsApp>
  /** Delivers one message and returns the first reply sent to its number after it. */
  reply(message: InboundSpec): Promise<SentMessage>
  /** A new person (optionally on `plan`, named `name`) with `waId` (or the next free number) linked. */
  person(options?: { waId?: string; plan?: string; name?: string }): Promise<LinkedPerson>
}

/**
 * For a test file (or a describe): starts the fake Meta and a test server with jobs on that
 * talks to it, empties the fake's outbox and scripts before each test, and stops both after.
 * `env` adds to or overrides the server's environment.
 */
export function whatsAppRig(env: Record<string, string> = {}): WhatsAppRig {
  let fake: FakeMeta | undefined
  let server: TestServer | undefined
  beforeAll(async () => {
    fake = await startFakeMeta()
    server = await startTestServer({ ...fakeMetaEnv(fake), WORKER: 'on', ...env })
  })
  afterAll(async () => {
    await server?.stop()
    await fake?.close()
  })
  beforeEach(() => fake?.reset())

  let nextNumber = 5511987600001
  const rig: WhatsAppRig = {
    get server() {
      if (!server) throw new Error('whatsAppRig: the server starts in beforeAll')
      return server
    },
    get fake() {
      if (!fake) throw new Error('whatsAppRig: the fake Meta starts in beforeAll')
      return fake
    },
    deliver: (...messages) => deliver(rig.server, ...messages),
    repliesTo: (waId, count, timeout) => repliesTo(rig.fake, waId, count, timeout),
    link: (client, waId, sentForm) => linkWhatsApp(rig.server, rig.fake, client, waId, sentForm),
    async reply(message) {
      const before = rig.fake.sentTo(message.from).length
      await rig.deliver(message)
      const reply = (await rig.repliesTo(message.from, before + 1))[before]
      if (!reply) throw new Error(`no reply to ${message.from}`)
      return reply
    },
    async person({ waId = String(nextNumber++), plan, name } = {}) {
      const pool = rig.server.database.pool
      const { client, userId } = await signedInUser(rig.server, name ? { name } : {})
      if (plan) await setPlan(pool, userId, plan)
      await rig.link(client, waId)
      const { ledgerId } = await ledgerForUser(pool, { userId })
      return {
        client,
        userId,
        ledgerId,
        waId,
        say: (message) =>
          rig.reply(
            typeof message === 'string'
              ? { from: waId, text: message }
              : ({ ...message, from: waId } as InboundSpec),
          ),
      }
    },
  }
  return rig
}
