import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ledgerForUser } from '../src/tenancy/index.ts'
import { signedInUser } from './auth-client.ts'
import { type FakeMeta, fakeMetaEnv, startFakeMeta } from './fake-meta.ts'
import { startTestServer, type TestServer } from './test-server.ts'
import { deliver, linkWhatsApp, repliesTo } from './whatsapp-kit.ts'

/*
 * Issue 26: a category of one's own, created on the web (/api/v1/categories), is learned by the
 * assistant: a WhatsApp message naming it records into it, through the signed webhook, the
 * job queue and the reply.
 */

let fake: FakeMeta
let server: TestServer
beforeAll(async () => {
  fake = await startFakeMeta()
  server = await startTestServer({ ...fakeMetaEnv(fake), WORKER: 'on' })
})
afterAll(async () => {
  await server?.stop()
  await fake?.close()
})
beforeEach(() => fake.reset())

describe('categories of ones own on WhatsApp', () => {
  it("records 'pet shop 80 em Cachorro' into Cachorro, and names it in the reply", async () => {
    const { client, userId } = await signedInUser(server)
    const pool = server.database.pool
    const { ledgerId } = await ledgerForUser(pool, { userId })
    const created = await client.post('/api/v1/categories', {
      name: 'Cachorro',
      emoji: '🐶',
      category: 'pets',
    })
    expect(created.status).toBe(201)
    const dog = (await created.json()) as { id: number }
    const party = await client.post('/api/v1/categories', { name: 'Festa junina' })
    const partyId = ((await party.json()) as { id: number }).id

    const wa = '5511987650026'
    await linkWhatsApp(server, fake, client, wa)
    const before = fake.sentTo(wa).length
    await deliver(server, { from: wa, text: 'pet shop 80 em Cachorro' })
    const reply = (await repliesTo(fake, wa, before + 1))[before]
    expect(reply?.text).toContain('pet shop · 🐶 Cachorro')

    await deliver(server, { from: wa, text: 'gastei 45,90 com bandeirinhas na festa junina' })
    await repliesTo(fake, wa, before + 2)
    // Without a custom category named, the built-in categoriser as before.
    await deliver(server, { from: wa, text: 'ração 120' })
    await repliesTo(fake, wa, before + 3)

    const { rows } = await pool.query(
      `select description, amount_cents, category, custom_category_id
         from transactions where ledger_id = $1 order by id`,
      [ledgerId],
    )
    expect(rows).toEqual([
      { description: 'pet shop', amount_cents: 8000, category: 'pets', custom_category_id: dog.id },
      {
        description: 'bandeirinhas',
        amount_cents: 4590,
        category: 'outros',
        custom_category_id: partyId,
      },
      { description: 'ração', amount_cents: 12000, category: 'pets', custom_category_id: null },
    ])
  })
})
