import type { SimulatorConversation } from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import { notifyUser } from '../src/messaging/notify.ts'
import { signedInUser, TestClient } from './auth-client.ts'
import { useTestServer } from './use-test-database.ts'
import { whatsAppRig } from './whatsapp-kit.ts'

/**
 * The simulator's API: the same inbox → job → assistant → sender pipeline as WhatsApp, with the
 * sender writing to the simulator when no Meta account is configured.
 */
const server = useTestServer({ WORKER: 'on', TRUST_PROXY: 'x-forwarded-for' })

async function conversation(client: TestClient) {
  const res = await client.request('/api/simulator/messages')
  expect(res.status).toBe(200)
  return (await res.json()) as SimulatorConversation
}

async function settled(client: TestClient, count: number) {
  let last: SimulatorConversation | undefined
  await expect
    .poll(
      async () => {
        last = await conversation(client)
        return !last.pending && last.messages.length >= count
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true)
  return last as SimulatorConversation
}

describe('simulator', () => {
  it('needs a session and a message', async () => {
    const anonymous = new TestClient(server)
    expect((await anonymous.request('/api/simulator/messages')).status).toBe(401)
    expect((await anonymous.post('/api/simulator/messages', { text: 'oi' })).status).toBe(401)
    const { client } = await signedInUser(server)
    for (const body of [{}, { text: '   ' }, { text: 'x'.repeat(4097) }, { button: { id: '' } }]) {
      const res = await client.post('/api/simulator/messages', body)
      expect(res.status).toBe(400)
    }
  })

  it('answers through the pipeline, with buttons, and keeps the conversation per account', async () => {
    const { client, userId } = await signedInUser(server)
    const posted = await client.post('/api/simulator/messages', { text: 'gastei 45,90 no mercado' })
    expect(posted.status).toBe(202)
    let chat = await settled(client, 2)
    expect(chat.messages.map((m) => [m.from, m.status])).toEqual([
      ['user', null],
      ['assistant', 'delivered'],
    ])
    expect(chat.messages[1]?.text).toMatch(/R\$ 45,90\* anotado/)

    await client.post('/api/simulator/messages', { text: 'vendi um terreno por 1.200.000' })
    chat = await settled(client, 4)
    expect(chat.messages[3]?.buttons).toEqual([
      { id: 'confirm_yes', title: 'Sim' },
      { id: 'confirm_no', title: 'Não' },
    ])
    await client.post('/api/simulator/messages', { button: { id: 'confirm_yes', title: 'Sim' } })
    chat = await settled(client, 6)
    expect(chat.messages[4]).toMatchObject({ from: 'user', text: 'Sim' })
    expect(chat.messages[5]?.text).toMatch(/1\.200\.000,00/)

    // The same rows as WhatsApp's, on the simulator channel.
    const { rows } = await server.database.pool.query(
      `select channel, status from whatsapp_outbound where user_id = $1`,
      [userId],
    )
    expect(rows.every((r) => r.channel === 'simulator' && r.status === 'delivered')).toBe(true)

    // Proactive messages land in the simulator too.
    await notifyUser(server.database.pool, server.deps.env, {
      userId,
      idempotencyKey: `sim-notice-${userId}`,
      text: 'Lembrete: conta de luz vence amanhã.',
    })
    chat = await settled(client, 7)
    expect(chat.messages[6]?.text).toBe('Lembrete: conta de luz vence amanhã.')

    // Another account sees only its own conversation.
    const other = await signedInUser(server)
    expect((await conversation(other.client)).messages).toEqual([])

    expect((await client.request('/api/simulator/messages', { method: 'DELETE' })).status).toBe(200)
    expect((await conversation(client)).messages).toEqual([])
  })

  it('reports the link state and that the simulator is open', async () => {
    const { client } = await signedInUser(server)
    const res = await client.request('/api/whatsapp/link')
    expect(await res.json()).toEqual({
      linked: false,
      wa_id: null,
      linked_at: null,
      whatsapp_configured: false,
      simulator_available: true,
    })
    const code = (await (await client.post('/api/whatsapp/link-code', {})).json()) as {
      wa_me_url: string | null
    }
    expect(code.wa_me_url).toBeNull()
  })
})

describe('simulator with WhatsApp configured', () => {
  const rig = whatsAppRig({ TRUST_PROXY: 'x-forwarded-for' })

  it('is for admins only, and never reaches Meta', async () => {
    const { client, userId } = await signedInUser(rig.server)
    const refused = await client.post('/api/simulator/messages', { text: 'saldo' })
    expect(refused.status).toBe(403)
    expect(
      (await (await client.request('/api/whatsapp/link')).json()) as Record<string, unknown>,
    ).toMatchObject({ whatsapp_configured: true, simulator_available: false })

    await rig.server.database.pool.query(`update "user" set role = 'admin' where id = $1`, [userId])
    expect((await client.post('/api/simulator/messages', { text: 'saldo' })).status).toBe(202)
    const chat = await settled(client, 2)
    expect(chat.messages[1]?.text).toMatch(/Saldo/)
    expect(rig.fake.requests).toBe(0)
  })
})
