import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signedInUser, TestClient } from './auth-client.ts'
import { FAKE_BUSINESS_NUMBER, type FakeMeta, fakeMetaEnv, startFakeMeta } from './fake-meta.ts'
import { startTestServer, type TestServer } from './test-server.ts'
import { deliver, linkWhatsApp, repliesTo } from './whatsapp-kit.ts'
import { waitForIdleJobs } from './job-queue.ts'

/**
 * Linking a number to an account and talking to the assistant from it, through the real
 * webhook, jobs, ledger service and sender (against the fake Graph API).
 */
let fake: FakeMeta
let server: TestServer
beforeAll(async () => {
  fake = await startFakeMeta()
  server = await startTestServer({
    ...fakeMetaEnv(fake),
    WORKER: 'on',
    TRUST_PROXY: 'x-forwarded-for',
  })
})
afterAll(async () => {
  await server?.stop()
  await fake?.close()
})
beforeEach(() => fake.reset())

type LinkState = { linked: boolean; wa_id: string | null }
const linkState = async (client: TestClient) =>
  (await (await client.request('/api/whatsapp/link')).json()) as LinkState

const UNKNOWN = /ainda não está ligado a uma conta/

describe('linking codes', () => {
  it('needs a session', async () => {
    const anonymous = new TestClient(server)
    expect((await anonymous.post('/api/whatsapp/link-code', {})).status).toBe(401)
    expect((await anonymous.request('/api/whatsapp/link')).status).toBe(401)
    expect((await anonymous.request('/api/whatsapp/link', { method: 'DELETE' })).status).toBe(401)
  })

  it('gives a short-lived code and a wa.me link pre-filled with it', async () => {
    const { client } = await signedInUser(server)
    const res = await client.post('/api/whatsapp/link-code', {})
    expect(res.status).toBe(201)
    const body = (await res.json()) as { code: string; expires_at: string; wa_me_url: string }
    expect(body.code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/)
    const ttl = new Date(body.expires_at).getTime() - Date.now()
    expect(ttl).toBeGreaterThan(9 * 60_000)
    expect(ttl).toBeLessThanOrEqual(10 * 60_000)
    expect(body.wa_me_url).toBe(
      `https://wa.me/${FAKE_BUSINESS_NUMBER}?text=vincular%20${body.code}`,
    )
    expect(await linkState(client)).toMatchObject({ linked: false, wa_id: null })
  })
})

describe('linking from WhatsApp', () => {
  it('links with the ninth digit and recognises the number without it', async () => {
    const { client } = await signedInUser(server, { name: 'Ana Souza' })
    const { reply } = await linkWhatsApp(server, fake, client, '5511987651001')
    expect(reply?.text).toMatch(/^Olá, Ana! ✅/)
    expect(await linkState(client)).toMatchObject({ linked: true, wa_id: '5511987651001' })

    // WhatsApp reports the same person without the ninth digit: still them, answered there.
    await deliver(server, { from: '551187651001', type: 'audio' })
    const [audio] = await repliesTo(fake, '551187651001')
    expect(audio?.to).toBe('551187651001')
    expect(audio?.text).toMatch(/Ainda não consigo ouvir áudios/)
    expect(fake.sentTo('5511987651001')).toHaveLength(1)
  })

  it('links without the ninth digit and recognises the number with it', async () => {
    const { client } = await signedInUser(server)
    await linkWhatsApp(server, fake, client, '551187651002')
    await deliver(server, { from: '5511987651002', type: 'sticker' })
    const [reply] = await repliesTo(fake, '5511987651002')
    expect(reply?.text).toMatch(/figurinha/)
    // Proactive messages go to the form WhatsApp used last.
    expect(await linkState(client)).toMatchObject({ linked: true, wa_id: '5511987651002' })
  })

  it('uses each code once, refuses wrong and expired ones, and limits wrong attempts', async () => {
    const { client, userId } = await signedInUser(server)
    const { code } = await linkWhatsApp(server, fake, client, '5511987651003')
    // The same code from another number: used up.
    await deliver(server, { from: '5511987651004', text: `vincular ${code}` })
    expect((await repliesTo(fake, '5511987651004'))[0]?.text).toMatch(/não vale ou já expirou/)

    // Expired.
    const res = await client.post('/api/whatsapp/link-code', {})
    const { code: late } = (await res.json()) as { code: string }
    await server.database.pool.query(
      `update whatsapp_link_codes set expires_at = now() - interval '1 second' where user_id = $1`,
      [userId],
    )
    await deliver(server, { from: '5511987651005', text: `vincular ${late}` })
    expect((await repliesTo(fake, '5511987651005'))[0]?.text).toMatch(/não vale ou já expirou/)

    // Five wrong codes in an hour: the sixth attempt is refused even with a right code.
    const from = '5511987651006'
    for (let i = 0; i < 5; i++) {
      await deliver(server, { from, text: 'vincular ZZZZZ2' })
      await repliesTo(fake, from, i + 1)
    }
    const fresh = (await (await client.post('/api/whatsapp/link-code', {})).json()) as {
      code: string
    }
    await deliver(server, { from, text: `vincular ${fresh.code.toLowerCase()}` })
    const replies = await repliesTo(fake, from, 6)
    expect(replies[5]?.text).toMatch(/Muitas tentativas/)
    expect(await linkState(client)).toMatchObject({ linked: true, wa_id: '5511987651003' })
    // Nothing but the delivery records is kept of those attempts.
    const { rows } = await server.database.pool.query(
      `select payload, status from whatsapp_inbound where wa_id = $1`,
      [from],
    )
    expect(rows.every((r) => r.payload === null && r.status === 'link_refused')).toBe(true)
  })

  it('moves a number to the account that links it, and unlinks', async () => {
    const first = await signedInUser(server)
    const second = await signedInUser(server)
    await linkWhatsApp(server, fake, first.client, '5511987651007')
    await linkWhatsApp(server, fake, second.client, '551187651007')
    expect((await linkState(first.client)).linked).toBe(false)
    expect(await linkState(second.client)).toMatchObject({ linked: true, wa_id: '551187651007' })

    const res = await second.client.request('/api/whatsapp/link', { method: 'DELETE' })
    expect(res.status).toBe(200)
    expect((await linkState(second.client)).linked).toBe(false)
    const before = fake.sentTo('5511987651007').length
    await deliver(server, { from: '5511987651007', text: 'saldo' })
    const replies = await repliesTo(fake, '5511987651007', before + 1)
    expect(replies.at(-1)?.text).toMatch(UNKNOWN)
  })

  it('explains how to link when the code is missing', async () => {
    await deliver(server, { from: '5511987651008', text: 'Vincular' })
    expect((await repliesTo(fake, '5511987651008'))[0]?.text).toMatch(/abra o seu painel/)
  })
})

describe('talking to the assistant', () => {
  it('records, answers saldo, undoes, and never records a redelivered message twice', async () => {
    const { client, userId } = await signedInUser(server)
    const waId = '5511987652001'
    await linkWhatsApp(server, fake, client, waId)
    const id = 'wamid.HBgNENTRY0001'
    await deliver(server, { from: waId, id, text: 'gastei 45,90 no mercado' })
    await deliver(server, { from: waId, id, text: 'gastei 45,90 no mercado' })
    let replies = await repliesTo(fake, waId, 2)
    expect(replies[1]?.text).toMatch(/R\$ 45,90\* anotado/)

    await deliver(server, { from: waId, text: 'saldo' })
    replies = await repliesTo(fake, waId, 3)
    expect(replies[2]?.text).toMatch(/45,90/)
    await deliver(server, { from: waId, text: 'desfazer' })
    replies = await repliesTo(fake, waId, 4)
    expect(replies[3]?.text).toMatch(/Desfeito/)

    const count = await server.database.pool.query(
      `select count(*)::int as n from transactions t join ledgers l on l.id = t.ledger_id
        where l.owner_user_id = $1 and t.whatsapp_message_id = $2`,
      [userId, id],
    )
    expect(count.rows[0]?.n).toBe(0) // recorded once, then undone
    await waitForIdleJobs(server.database.pool)
    expect(fake.sentTo(waId)).toHaveLength(4)
  })

  it('asks about a large amount with Sim / Não buttons and takes the button reply', async () => {
    const { client, userId } = await signedInUser(server)
    const waId = '5511987652002'
    await linkWhatsApp(server, fake, client, waId)
    await deliver(server, { from: waId, text: 'vendi um apartamento por 2.500.000' })
    const [, question] = await repliesTo(fake, waId, 2)
    expect(question?.type).toBe('interactive')
    expect(question?.body).toMatchObject({
      interactive: {
        type: 'button',
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'confirm_yes', title: 'Sim' } },
            { type: 'reply', reply: { id: 'confirm_no', title: 'Não' } },
          ],
        },
      },
    })
    await deliver(server, { from: waId, button: { id: 'confirm_yes', title: 'Sim' } })
    const [, , confirmed] = await repliesTo(fake, waId, 3)
    expect(confirmed?.type).toBe('text')
    expect(confirmed?.text).toMatch(/2\.500\.000,00/)
    const { rows } = await server.database.pool.query(
      `select amount_cents from transactions t join ledgers l on l.id = t.ledger_id where l.owner_user_id = $1`,
      [userId],
    )
    expect(rows).toEqual([{ amount_cents: 250_000_000 }])

    // 'Não' cancels the next one.
    await deliver(server, { from: waId, text: 'recebi 3.000.000 de herança' })
    await repliesTo(fake, waId, 4)
    await deliver(server, { from: waId, button: { id: 'confirm_no', title: 'Não' } })
    const replies = await repliesTo(fake, waId, 5)
    expect(replies[4]?.text).toMatch(/cancelei/)
  })
})
