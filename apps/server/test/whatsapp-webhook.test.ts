import { jobKey } from '../src/platform/jobs/job-spec.ts'
import { whatsappInboundJob } from '../src/messaging/whatsapp.jobs.ts'
import { describe, expect, it } from 'vitest'
import { signBody } from '../src/messaging/signature.ts'
import {
  delivery,
  FAKE_APP_SECRET,
  FAKE_VERIFY_TOKEN,
  messageId,
  metaJson,
  signedDelivery,
} from './fake-meta.ts'
import { startTestServer } from './test-server.ts'
import { inboundRows, whatsAppRig } from './whatsapp-kit.ts'
import { waitForIdleJobs } from './job-queue.ts'

/**
 * The webhook as Meta uses it: the handshake, signed deliveries over the exact bytes, bad
 * signatures and bodies refused with nothing stored, redeliveries stored once, status callbacks.
 */
const rig = whatsAppRig()

const post = (init: RequestInit) => rig.server.api('/api/webhooks/whatsapp', init)
const count = async (table: string) =>
  (await rig.server.database.pool.query<{ n: number }>(`select count(*)::int as n from ${table}`))
    .rows[0]?.n

describe('verification handshake', () => {
  it('echoes the challenge for the right token and refuses a wrong one', async () => {
    const ok = await rig.server.api(
      `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${FAKE_VERIFY_TOKEN}&hub.challenge=1158201444`,
    )
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await ok.text()).toBe('1158201444')

    for (const query of [
      'hub.mode=subscribe&hub.verify_token=errado&hub.challenge=1',
      `hub.mode=unsubscribe&hub.verify_token=${FAKE_VERIFY_TOKEN}&hub.challenge=1`,
      `hub.verify_token=${FAKE_VERIFY_TOKEN}&hub.challenge=1`,
      '',
    ]) {
      const res = await rig.server.api(`/api/webhooks/whatsapp?${query}`)
      expect(res.status).toBe(403)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN')
    }
  })
})

describe('signatures', () => {
  it('verifies the raw bytes Meta sent, with accents escaped as \\uXXXX', async () => {
    const from = '5511987650001'
    const body = delivery({ messages: [{ from, text: 'gastei 45,90 no açougue — café ☕' }] })
    const raw = metaJson(body)
    expect(raw).toContain('a\\u00e7ougue')
    expect(raw).toContain('\\u2615')

    const res = await post(signedDelivery(raw))
    expect(res.status).toBe(200)
    // The same JSON re-serialised (accents as UTF-8) is other bytes: a signature over it fails.
    const resigned = await post({
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signBody(FAKE_APP_SECRET, JSON.stringify(body)),
      },
      body: raw,
    })
    expect(resigned.status).toBe(401)

    const [row] = (await inboundRows(rig.server)).filter((r) => r.wa_id === from)
    expect(row?.type).toBe('text')
    // An unknown sender: once answered, only the delivery record stays.
    await rig.repliesTo(from)
    await expect
      .poll(async () => (await inboundRows(rig.server)).find((r) => r.wa_id === from)?.status)
      .toBe('unknown_sender')
  })

  it('answers 401 and stores nothing for a missing, wrong or tampered signature', async () => {
    const before = await count('whatsapp_inbound')
    const id = messageId()
    const raw = metaJson(delivery({ messages: [{ from: '5511987650002', id, text: 'saldo' }] }))
    const attempts: RequestInit[] = [
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw },
      signedDelivery(raw, 'outro-segredo'),
      { ...signedDelivery(raw), body: raw.replace('saldo', 'saldu') },
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=abc' },
        body: raw,
      },
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': signBody(FAKE_APP_SECRET, raw).replace('sha256=', 'sha1='),
        },
        body: raw,
      },
    ]
    for (const init of attempts) {
      const res = await post(init)
      expect(res.status).toBe(401)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        'INVALID_SIGNATURE',
      )
    }
    expect(await count('whatsapp_inbound')).toBe(before)
    const jobs = await rig.server.database.pool.query(
      'select 1 from graphile_worker.jobs where key = $1',
      [jobKey(whatsappInboundJob, id)],
    )
    expect(jobs.rowCount).toBe(0)
  })

  it('refuses every delivery when no app secret is configured', async () => {
    const bare = await startTestServer({ WHATSAPP_VERIFY_TOKEN: 'x' })
    try {
      const raw = metaJson(delivery({ messages: [{ from: '5511987650003', text: 'oi' }] }))
      const res = await bare.api('/api/webhooks/whatsapp', signedDelivery(raw))
      expect(res.status).toBe(401)
      const stored = await bare.database.pool.query('select 1 from whatsapp_inbound')
      expect(stored.rowCount).toBe(0)
    } finally {
      await bare.stop()
    }
  })
})

describe('malformed deliveries', () => {
  it('answers 400 (never 5xx) for a body that is not a delivery, and stores nothing', async () => {
    const before = await count('whatsapp_inbound')
    const bodies = [
      '{"object": "whatsapp_business_account", "entry": [',
      '',
      'null',
      '[]',
      '{"object": "whatsapp_business_account"}',
      '{"object": "whatsapp_business_account", "entry": {"changes": []}}',
      metaJson({
        object: 'whatsapp_business_account',
        entry: [{ changes: [{ field: 'messages', value: { messages: 'nope' } }] }],
      }),
    ]
    for (const raw of bodies) {
      const res = await post(signedDelivery(raw))
      expect(res.status, raw).toBe(400)
    }
    // Invalid UTF-8, signed.
    const bytes = Buffer.from([0x7b, 0xff, 0xfe, 0x7d])
    const res = await post({
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signBody(FAKE_APP_SECRET, bytes),
      },
      body: bytes,
    })
    expect(res.status).toBe(400)
    // A message that does not fit (no id) is left out alone: 200, so Meta does not resend.
    const noId = metaJson({
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            { field: 'messages', value: { messages: [{ from: '5511987650004', type: 'text' }] } },
          ],
        },
      ],
    })
    const skipped = await post(signedDelivery(noId))
    expect(skipped.status).toBe(200)
    expect(await skipped.json()).toEqual({ received: 0, stored: 0 })
    expect(await count('whatsapp_inbound')).toBe(before)
  })

  it('accepts unknown fields and other objects without storing anything for them', async () => {
    const before = await count('whatsapp_inbound')
    const body = delivery({ messages: [] }) as { entry: Array<Record<string, unknown>> }
    const extra = {
      ...body,
      new_top_level: true,
      entry: [{ id: '1', changes: [{ field: 'account_update', value: { anything: 1 } }] }],
    }
    expect((await post(signedDelivery(extra))).status).toBe(200)
    expect((await post(signedDelivery({ object: 'page', entry: [] }))).status).toBe(200)
    expect(await count('whatsapp_inbound')).toBe(before)
  })
})

describe('deliveries', () => {
  it('stores the same delivery sent three times once, and answers it once', async () => {
    const from = '5511987650005'
    const id = messageId()
    const init = signedDelivery(delivery({ messages: [{ from, id, text: 'oi' }] }))
    const results = await Promise.all([post(init), post(init), post(init)])
    expect(results.map((r) => r.status)).toEqual([200, 200, 200])
    expect((await inboundRows(rig.server)).filter((r) => r.message_id === id)).toHaveLength(1)
    await rig.repliesTo(from)
    await waitForIdleJobs(rig.server.database.pool)
    expect(rig.fake.sentTo(from)).toHaveLength(1)
  })

  it('handles every message of a delivery', async () => {
    const senders = ['5511987650006', '5511987650007', '5521987650008']
    const body = delivery({
      messages: [
        { from: senders[0] ?? '', text: 'oi' },
        { from: senders[1] ?? '', type: 'image' },
        { from: senders[2] ?? '', text: 'saldo' },
      ],
    })
    const res = await post(signedDelivery(body))
    expect(await res.json()).toEqual({ received: 3, stored: 3 })
    for (const waId of senders) {
      const [reply] = await rig.repliesTo(waId)
      // Always answered on the number that wrote.
      expect(reply?.to).toBe(waId)
      expect(reply?.text).toContain(`${rig.server.deps.env.PUBLIC_URL}/auth`)
    }
  })

  it('keeps nothing of an unknown sender but the delivery record', async () => {
    const from = '5511987650009'
    await rig.deliver({ from, text: 'gastei 50 no mercado', name: 'Fulano' })
    const [reply] = await rig.repliesTo(from)
    expect(reply?.text).toMatch(/ainda não está ligado a uma conta/)
    await expect
      .poll(async () => (await inboundRows(rig.server)).find((r) => r.wa_id === from)?.payload)
      .toBeNull()
    const row = (await inboundRows(rig.server)).find((r) => r.wa_id === from)
    expect(row).toMatchObject({ type: 'text', status: 'unknown_sender', payload: null })
    const dump = JSON.stringify(
      (
        await rig.server.database.pool.query(`select * from whatsapp_inbound where wa_id = $1`, [
          from,
        ])
      ).rows,
    )
    expect(dump).not.toContain('mercado')
    expect(dump).not.toContain('Fulano')
  })
})

describe('unknown senders', () => {
  it('are answered a few times an hour at most (no loops with other bots)', async () => {
    const from = '5511987650013'
    for (let i = 0; i < 5; i++) await rig.deliver({ from, text: `mensagem ${i}` })
    await expect
      .poll(
        async () =>
          (
            await rig.server.database.pool.query(
              `select 1 from whatsapp_inbound where wa_id = $1 and processed_at is not null`,
              [from],
            )
          ).rowCount,
        { timeout: 15_000 },
      )
      .toBe(5)
    await rig.repliesTo(from, 3)
    await waitForIdleJobs(rig.server.database.pool)
    expect(rig.fake.sentTo(from)).toHaveLength(3)
  })
})

describe('status callbacks', () => {
  it('records sent, delivered, read and failed against our messages', async () => {
    const from = '5511987650010'
    await rig.deliver({ from, text: 'oi' })
    const [reply] = await rig.repliesTo(from)
    const wamid = reply?.wamid ?? ''
    const status = async () =>
      (
        await rig.server.database.pool.query(
          'select status, delivered_at, read_at, last_error from whatsapp_outbound where wamid = $1',
          [wamid],
        )
      ).rows[0]
    await expect.poll(async () => (await status())?.status).toBe('sent')

    const send = (s: 'sent' | 'delivered' | 'read') =>
      post(signedDelivery(delivery({ statuses: [{ wamid, status: s, recipient: from }] })))
    expect((await send('delivered')).status).toBe(200)
    expect((await status())?.status).toBe('delivered')
    expect((await send('read')).status).toBe(200)
    // Late or repeated callbacks never move a message back.
    await send('delivered')
    await send('sent')
    expect(await status()).toMatchObject({ status: 'read', last_error: null })
    expect((await status())?.delivered_at).toBeInstanceOf(Date)
    expect((await status())?.read_at).toBeInstanceOf(Date)

    // A failed callback for another message.
    const other = '5511987650011'
    await rig.deliver({ from: other, text: 'oi' })
    const [second] = await rig.repliesTo(other)
    await expect
      .poll(
        async () =>
          (
            await rig.server.database.pool.query(
              'select 1 from whatsapp_outbound where wamid = $1',
              [second?.wamid],
            )
          ).rowCount,
      )
      .toBe(1)
    await post(
      signedDelivery(
        delivery({
          statuses: [
            {
              wamid: second?.wamid ?? '',
              status: 'failed',
              recipient: other,
              errors: [{ code: 131026, title: 'Message undeliverable' }],
            },
          ],
        }),
      ),
    )
    const failed = await rig.server.database.pool.query(
      'select status, error_code, last_error from whatsapp_outbound where wamid = $1',
      [second?.wamid],
    )
    expect(failed.rows[0]).toMatchObject({ status: 'failed', error_code: 131026 })
    expect(failed.rows[0]?.last_error).toContain('Message undeliverable')
  })

  it('applies a callback that arrives before its send was recorded', async () => {
    const { pool } = rig.server.database
    await pool.query(
      `insert into whatsapp_outbound (idempotency_key, channel, wa_id, kind, payload, status)
       values ('early-status', 'whatsapp', '5511987650012', 'text', '{"message":{"kind":"text","text":"x"}}', 'queued')`,
    )
    await post(
      signedDelivery(
        delivery({
          statuses: [{ wamid: 'wamid.LATE', status: 'delivered', recipient: '5511987650012' }],
        }),
      ),
    )
    await pool.query(
      `update whatsapp_outbound set wamid = 'wamid.LATE', status = 'sent' where idempotency_key = 'early-status'`,
    )
    await expect
      .poll(
        async () =>
          (
            await pool.query(
              `select status from whatsapp_outbound where idempotency_key = 'early-status'`,
            )
          ).rows[0]?.status,
        { timeout: 15_000 },
      )
      .toBe('delivered')
  })
})
