import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signedInUser } from './auth-client.ts'
import { type FakeMeta, fakeMetaEnv, startFakeMeta } from './fake-meta.ts'
import { startTestServer, type TestServer } from './test-server.ts'
import { deliver, linkWhatsApp, repliesTo } from './whatsapp-kit.ts'

/**
 * Issue 11 through the real webhook, jobs and sender: questions with Sim/Não go out as buttons,
 * and an audio between the question and the 'sim' drops the question.
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

async function entriesOf(userId: string): Promise<number> {
  const { rows } = await server.database.pool.query<{ n: number }>(
    `select count(*)::int as n from transactions t join ledgers l on l.id = t.ledger_id
      where l.owner_user_id = $1`,
    [userId],
  )
  return rows[0]?.n ?? -1
}

describe('pending questions on WhatsApp', () => {
  it('asks about a date to come with buttons, and an audio in between drops the question', async () => {
    const { client, userId } = await signedInUser(server)
    const wa = '5511987659101'
    await linkWhatsApp(server, fake, client, wa)
    const before = fake.sentTo(wa).length

    await deliver(server, { from: wa, text: 'mercado 200 amanhã' })
    const asked = (await repliesTo(fake, wa, before + 1))[before]
    expect(asked?.type).toBe('interactive')
    expect(asked?.text).toContain('Foi hoje?')

    await deliver(server, { from: wa, type: 'audio' })
    await repliesTo(fake, wa, before + 2)
    await deliver(server, { from: wa, text: 'sim' })
    const answer = (await repliesTo(fake, wa, before + 3))[before + 2]
    expect(answer?.text).toMatch(/Não há nada esperando/)
    expect(await entriesOf(userId)).toBe(0)
  })

  it('asks about an unsure entry with buttons and records it on sim (issue 24)', async () => {
    const { client, userId } = await signedInUser(server)
    const wa = '5511987659102'
    await linkWhatsApp(server, fake, client, wa)
    const before = fake.sentTo(wa).length

    await deliver(server, { from: wa, text: 'flanelinha 5' })
    const asked = (await repliesTo(fake, wa, before + 1))[before]
    expect(asked?.type).toBe('interactive')
    expect(asked?.text).toContain('Registrar *R$ 5,00* em *Outros*?')
    expect(await entriesOf(userId)).toBe(0)

    await deliver(server, { from: wa, text: 'sim' })
    await repliesTo(fake, wa, before + 2)
    expect(await entriesOf(userId)).toBe(1)
  })
})
