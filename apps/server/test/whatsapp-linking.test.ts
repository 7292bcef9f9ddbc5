import { describe, expect, it } from 'vitest'
import { signedInUser, TestClient } from './auth-client.ts'
import { FAKE_BUSINESS_NUMBER } from './fake-meta.ts'
import { waitForIdleJobs } from './job-queue.ts'
import { whatsAppRig } from './whatsapp-kit.ts'

/**
 * Linking a number to an account and talking to the assistant from it, through the real
 * webhook, jobs, ledger service and sender (against the fake Graph API).
 */
const rig = whatsAppRig({ TRUST_PROXY: 'x-forwarded-for' })

type LinkState = { linked: boolean; wa_id: string | null }
const linkState = async (client: TestClient) =>
  (await (await client.request('/api/whatsapp/link')).json()) as LinkState

const UNKNOWN = /ainda não está ligado a uma conta/

describe('linking codes', () => {
  it('needs a session', async () => {
    const anonymous = new TestClient(rig.server)
    expect((await anonymous.post('/api/whatsapp/link-code', {})).status).toBe(401)
    expect((await anonymous.request('/api/whatsapp/link')).status).toBe(401)
    expect((await anonymous.request('/api/whatsapp/link', { method: 'DELETE' })).status).toBe(401)
  })

  it('gives a short-lived code and a wa.me link pre-filled with it', async () => {
    const { client } = await signedInUser(rig.server)
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
    const { client } = await signedInUser(rig.server, { name: 'Ana Souza' })
    const { reply } = await rig.link(client, '5511987651001')
    expect(reply?.text).toMatch(/^Olá, Ana! ✅/)
    expect(await linkState(client)).toMatchObject({ linked: true, wa_id: '5511987651001' })

    // WhatsApp reports the same person without the ninth digit: still them, answered there.
    await rig.deliver({ from: '551187651001', type: 'audio' })
    const [audio] = await rig.repliesTo('551187651001')
    expect(audio?.to).toBe('551187651001')
    expect(audio?.text).toMatch(/Ainda não consigo ouvir áudios/)
    expect(rig.fake.sentTo('5511987651001')).toHaveLength(1)
  })

  it('links without the ninth digit and recognises the number with it', async () => {
    const { client } = await signedInUser(rig.server)
    await rig.link(client, '551187651002')
    await rig.deliver({ from: '5511987651002', type: 'sticker' })
    const [reply] = await rig.repliesTo('5511987651002')
    expect(reply?.text).toMatch(/figurinha/)
    // Proactive messages go to the form WhatsApp used last.
    expect(await linkState(client)).toMatchObject({ linked: true, wa_id: '5511987651002' })
  })

  it('uses each code once, refuses wrong and expired ones, and limits wrong attempts', async () => {
    const { client, userId } = await signedInUser(rig.server)
    const { code } = await rig.link(client, '5511987651003')
    // The same code from another number: used up.
    await rig.deliver({ from: '5511987651004', text: `vincular ${code}` })
    expect((await rig.repliesTo('5511987651004'))[0]?.text).toMatch(/não vale ou já expirou/)

    // Expired.
    const res = await client.post('/api/whatsapp/link-code', {})
    const { code: late } = (await res.json()) as { code: string }
    await rig.server.database.pool.query(
      `update whatsapp_link_codes set expires_at = now() - interval '1 second' where user_id = $1`,
      [userId],
    )
    await rig.deliver({ from: '5511987651005', text: `vincular ${late}` })
    expect((await rig.repliesTo('5511987651005'))[0]?.text).toMatch(/não vale ou já expirou/)

    // Five wrong codes in an hour: the sixth attempt is refused even with a right code.
    const from = '5511987651006'
    for (let i = 0; i < 5; i++) {
      await rig.deliver({ from, text: 'vincular ZZZZZ2' })
      await rig.repliesTo(from, i + 1)
    }
    const fresh = (await (await client.post('/api/whatsapp/link-code', {})).json()) as {
      code: string
    }
    await rig.deliver({ from, text: `vincular ${fresh.code.toLowerCase()}` })
    const replies = await rig.repliesTo(from, 6)
    expect(replies[5]?.text).toMatch(/Muitas tentativas/)
    expect(await linkState(client)).toMatchObject({ linked: true, wa_id: '5511987651003' })
    // Nothing but the delivery records is kept of those attempts.
    const { rows } = await rig.server.database.pool.query(
      `select payload, status from whatsapp_inbound where wa_id = $1`,
      [from],
    )
    expect(rows.every((r) => r.payload === null && r.status === 'link_refused')).toBe(true)
  })

  it('moves a number to the account that links it, and unlinks', async () => {
    const first = await signedInUser(rig.server)
    const second = await signedInUser(rig.server)
    await rig.link(first.client, '5511987651007')
    await rig.link(second.client, '551187651007')
    expect((await linkState(first.client)).linked).toBe(false)
    expect(await linkState(second.client)).toMatchObject({ linked: true, wa_id: '551187651007' })

    const res = await second.client.request('/api/whatsapp/link', { method: 'DELETE' })
    expect(res.status).toBe(200)
    expect((await linkState(second.client)).linked).toBe(false)
    const reply = await rig.reply({ from: '5511987651007', text: 'saldo' })
    expect(reply.text).toMatch(UNKNOWN)
  })

  it('explains how to link when the code is missing', async () => {
    await rig.deliver({ from: '5511987651008', text: 'Vincular' })
    expect((await rig.repliesTo('5511987651008'))[0]?.text).toMatch(/abra o seu painel/)
  })
})

describe('talking to the assistant', () => {
  it('records, answers saldo, undoes, and never records a redelivered message twice', async () => {
    const { userId, waId } = await rig.person({ waId: '5511987652001' })
    const id = 'wamid.HBgNENTRY0001'
    await rig.deliver({ from: waId, id, text: 'gastei 45,90 no mercado' })
    await rig.deliver({ from: waId, id, text: 'gastei 45,90 no mercado' })
    let replies = await rig.repliesTo(waId, 2)
    expect(replies[1]?.text).toMatch(/R\$ 45,90\* anotado/)

    await rig.deliver({ from: waId, text: 'saldo' })
    replies = await rig.repliesTo(waId, 3)
    expect(replies[2]?.text).toMatch(/45,90/)
    await rig.deliver({ from: waId, text: 'desfazer' })
    replies = await rig.repliesTo(waId, 4)
    expect(replies[3]?.text).toMatch(/Desfeito/)

    const count = await rig.server.database.pool.query(
      `select count(*)::int as n from transactions t join ledgers l on l.id = t.ledger_id
        where l.owner_user_id = $1 and t.whatsapp_message_id = $2`,
      [userId, id],
    )
    expect(count.rows[0]?.n).toBe(0) // recorded once, then undone
    await waitForIdleJobs(rig.server.database.pool)
    expect(rig.fake.sentTo(waId)).toHaveLength(4)
  })

  it('asks about a large amount with Sim / Não buttons and takes the button reply', async () => {
    const { userId, waId } = await rig.person({ waId: '5511987652002' })
    await rig.deliver({ from: waId, text: 'vendi um apartamento por 2.500.000' })
    const [, question] = await rig.repliesTo(waId, 2)
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
    await rig.deliver({ from: waId, button: { id: 'confirm_yes', title: 'Sim' } })
    const [, , confirmed] = await rig.repliesTo(waId, 3)
    expect(confirmed?.type).toBe('text')
    expect(confirmed?.text).toMatch(/2\.500\.000,00/)
    const { rows } = await rig.server.database.pool.query(
      `select amount_cents from transactions t join ledgers l on l.id = t.ledger_id where l.owner_user_id = $1`,
      [userId],
    )
    expect(rows).toEqual([{ amount_cents: 250_000_000 }])

    // 'Não' cancels the next one.
    await rig.deliver({ from: waId, text: 'recebi 3.000.000 de herança' })
    await rig.repliesTo(waId, 4)
    await rig.deliver({ from: waId, button: { id: 'confirm_no', title: 'Não' } })
    const replies = await rig.repliesTo(waId, 5)
    expect(replies[4]?.text).toMatch(/cancelei/)
  })
})
