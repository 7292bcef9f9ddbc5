import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createAccount } from '../src/ledger/index.ts'
import { ledgerForUser } from '../src/tenancy/index.ts'
import { signedInUser } from './auth-client.ts'
import { type FakeMeta, fakeMetaEnv, startFakeMeta } from './fake-meta.ts'
import { startTestServer, type TestServer } from './test-server.ts'
import { deliver, linkWhatsApp, repliesTo } from './whatsapp-kit.ts'

/**
 * Issue 21 through the real webhook, jobs and sender: 'Em qual conta?' goes out with one reply
 * button per account (up to three), and the button reply records the entry on that account.
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

describe('accounts on WhatsApp', () => {
  it('asks which account with buttons; the button reply records on it, nothing before', async () => {
    const { client, userId } = await signedInUser(server)
    const pool = server.database.pool
    const { ledgerId } = await ledgerForUser(pool, { userId })
    const card = await createAccount(pool, {
      ledgerId,
      input: { name: 'Nubank', kind: 'credit_card', closing_day: 10, due_day: 17 },
    })
    const wa = '5511987659201'
    await linkWhatsApp(server, fake, client, wa)
    const before = fake.sentTo(wa).length

    await deliver(server, { from: wa, text: 'gastei 80 no bradesco' })
    const asked = (await repliesTo(fake, wa, before + 1))[before]
    expect(asked?.type).toBe('interactive')
    expect(asked?.text).toContain('Não encontrei a conta *bradesco*')
    expect(asked?.body).toMatchObject({
      interactive: {
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'choice_1', title: 'Conta principal' } },
            { type: 'reply', reply: { id: 'choice_2', title: 'Nubank' } },
          ],
        },
      },
    })
    const entries = () =>
      pool.query<{ amount_cents: number; account_id: number }>(
        'select amount_cents, account_id from transactions where ledger_id = $1',
        [ledgerId],
      )
    expect((await entries()).rows).toEqual([])

    await deliver(server, { from: wa, button: { id: 'choice_2', title: 'Nubank' } })
    const recorded = (await repliesTo(fake, wa, before + 2))[before + 1]
    expect(recorded?.text).toMatch(/R\$ 80,00\* anotado/)
    expect((await entries()).rows).toEqual([{ amount_cents: 8000, account_id: card.id }])
  })
})
