import { jobKey } from '../src/platform/jobs/job-spec.ts'
import { whatsappInboundJob, whatsappSendJob } from '../src/messaging/whatsapp.jobs.ts'
import { describe, expect, it } from 'vitest'
import { addJob } from '../src/platform/jobs/add-job.ts'
import { startJobRunner } from '../src/app/job-runner.ts'
import { createLogger } from '../src/platform/logger.ts'
import { notifyUser } from '../src/messaging/notify.ts'
import { recoverUnfinished } from '../src/messaging/recovery.ts'
import { templateMessage } from '../src/messaging/templates.ts'
import { signedInUser } from './auth-client.ts'
import { delivery, fakeMetaEnv, signedDelivery } from './fake-meta.ts'
import { waitForIdleJobs } from './job-queue.ts'
import { startTestServer } from './test-server.ts'
import { deliver, whatsAppRig } from './whatsapp-kit.ts'

/**
 * The one sender against a misbehaving Graph API: retries with backoff until delivered and
 * exactly one successful send, permanent failures listed for admins without message text, the
 * 24-hour window, per-recipient pacing, and idempotency.
 */
const rig = whatsAppRig({ TRUST_PROXY: 'x-forwarded-for' })

const outbound = async (waId: string) =>
  (
    await rig.server.database.pool.query<{
      status: string
      attempts: number
      last_error: string | null
      error_code: number | null
      kind: string
      wamid: string | null
    }>(
      'select status, attempts, last_error, error_code, kind, wamid from whatsapp_outbound where wa_id = $1 order by id',
      [waId],
    )
  ).rows

describe('retries', () => {
  it('retries 500, a dropped connection, 429 and 130429 until delivered, and sends once', async () => {
    const from = '5511987653001'
    rig.fake.failNext(
      { status: 500 },
      { hangUp: true },
      { status: 429, code: 4, message: 'Application request limit reached' },
      { status: 400, code: 130429, message: 'Rate limit hit' },
    )
    await rig.deliver({ from, text: 'oi' })
    const [reply] = await rig.repliesTo(from, 1, 40_000)
    expect(rig.fake.requests).toBe(5)
    // Meta has answered; the sender records it just after.
    await expect.poll(async () => (await outbound(from))[0]?.status).toBe('sent')
    const [row] = await outbound(from)
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 5,
      wamid: reply?.wamid,
      last_error: null,
    })

    // A duplicate job for a message already sent sends nothing.
    const { rows } = await rig.server.database.pool.query<{ id: number }>(
      'select id from whatsapp_outbound where wa_id = $1',
      [from],
    )
    await addJob(rig.server.database.pool, whatsappSendJob, { id: rows[0]?.id ?? 0 })
    await waitForIdleJobs(rig.server.database.pool)
    expect(rig.fake.sentTo(from)).toHaveLength(1)
    expect(rig.fake.requests).toBe(5)
  }, 60_000)

  it('fails at once on a permanent error, visible to admins without the text', async () => {
    const from = '5511987653002'
    rig.fake.failNext({ status: 400, code: 131026, message: 'Message undeliverable' })
    await rig.deliver({ from, text: 'oi' })
    await expect
      .poll(async () => (await outbound(from))[0]?.status, { timeout: 10_000 })
      .toBe('failed')
    expect((await outbound(from))[0]).toMatchObject({ attempts: 1, error_code: 131026 })
    expect(rig.fake.requests).toBe(1)

    const user = await signedInUser(rig.server)
    expect((await user.client.request('/api/admin/whatsapp/failures')).status).toBe(403)
    await rig.server.database.pool.query(`update "user" set role = 'admin' where id = $1`, [
      user.userId,
    ])
    const res = await user.client.request('/api/admin/whatsapp/failures?limit=10')
    expect(res.status).toBe(200)
    const { data } = (await res.json()) as { data: Array<Record<string, unknown>> }
    const failure = data.find((f) => f.error_code === 131026)
    expect(failure).toMatchObject({ wa_id: '5511*******02', kind: 'text', attempts: 1 })
    expect(String(failure?.last_error)).toMatch(/^REJECTED: HTTP 400 código 131026/)
    expect(JSON.stringify(data)).not.toMatch(/ainda não está ligado/)
    expect(Object.keys(failure ?? {})).not.toContain('payload')
  })
})

describe('the 24-hour window', () => {
  it('sends free text inside the window, the template outside it, or fails without one', async () => {
    const { userId, waId } = await rig.person({ waId: '5511987653003' })
    const env = rig.server.deps.env
    const db = rig.server.database.pool
    const reminder = templateMessage('billReminder', ['Conta de luz', '10/12', 'R$ 180,00'])

    await notifyUser(db, env, {
      userId,
      idempotencyKey: 'w-inside',
      text: 'Lembrete: luz',
      template: reminder,
    })
    let sent = await rig.repliesTo(waId, 2)
    expect(sent[1]).toMatchObject({ type: 'text', text: 'Lembrete: luz' })

    // 25 hours since the person last wrote.
    await db.query(
      `update whatsapp_inbound set sent_at = now() - interval '25 hours' where wa_id = $1`,
      [waId],
    )
    await notifyUser(db, env, {
      userId,
      idempotencyKey: 'w-outside',
      text: 'Lembrete: luz',
      template: reminder,
    })
    sent = await rig.repliesTo(waId, 3)
    expect(sent[2]?.type).toBe('template')
    expect(sent[2]?.body).toMatchObject({
      template: {
        name: 'equilibrai_lembrete_conta',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Conta de luz' },
              { type: 'text', text: '10/12' },
              { type: 'text', text: 'R$ 180,00' },
            ],
          },
        ],
      },
    })

    await notifyUser(db, env, { userId, idempotencyKey: 'w-no-template', text: 'Oi de novo' })
    await expect
      .poll(async () => (await outbound(waId)).at(-1)?.status, { timeout: 10_000 })
      .toBe('failed')
    expect((await outbound(waId)).at(-1)?.last_error).toMatch(/^OUTSIDE_24H_WINDOW/)
    expect(rig.fake.sentTo(waId)).toHaveLength(3)

    // Meta's own verdict (131047) also switches to the template.
    await db.query(`update whatsapp_inbound set sent_at = now() where wa_id = $1`, [waId])
    rig.fake.failNext({ status: 400, code: 131047, message: 'Re-engagement message' })
    await notifyUser(db, env, {
      userId,
      idempotencyKey: 'w-meta-says',
      text: 'Lembrete',
      template: reminder,
    })
    sent = await rig.repliesTo(waId, 4)
    expect(sent[3]?.type).toBe('template')
  })

  it('does not answer a person who wrote more than 24 hours ago with free text', async () => {
    const from = '5511987653004'
    // Delivered late: WhatsApp says it was sent 2 days ago.
    await rig.deliver({ from, text: 'oi', timestamp: Date.now() - 48 * 3600_000 })
    await expect
      .poll(async () => (await outbound(from))[0]?.status, { timeout: 10_000 })
      .toBe('failed')
    expect(rig.fake.sentTo(from)).toHaveLength(0)
  })
})

describe('pacing and idempotency', () => {
  it('spaces messages to one person, and sends one message per key', async () => {
    const { userId, waId } = await rig.person({ waId: '5511987653005' })
    const db = rig.server.database.pool
    const env = rig.server.deps.env
    const first = await notifyUser(db, env, { userId, idempotencyKey: 'p-1', text: 'um' })
    const again = await notifyUser(db, env, { userId, idempotencyKey: 'p-1', text: 'um de novo' })
    expect(first?.created).toBe(true)
    expect(again).toMatchObject({ id: first?.id, created: false })
    await notifyUser(db, env, { userId, idempotencyKey: 'p-2', text: 'dois' })
    await notifyUser(db, env, { userId, idempotencyKey: 'p-3', text: 'três' })
    const sent = await rig.repliesTo(waId, 4)
    expect(sent.slice(1).map((m) => m.text)).toEqual(['um', 'dois', 'três'])
    for (let i = 1; i < sent.length; i++) {
      expect((sent[i]?.at ?? 0) - (sent[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(950)
    }
    await waitForIdleJobs(db)
    expect(rig.fake.sentTo(waId)).toHaveLength(4)
  })
})

describe('a send in doubt after a crash', () => {
  it('takes Meta’s status callback as proof it went out, and sends again only without one', async () => {
    const db = rig.server.database.pool
    const waId = '5511987653006'
    await rig.deliver({ from: waId, text: 'oi' })
    await rig.repliesTo(waId)
    // Two attempts that started and never finished: the process died during the call to Meta.
    const insert = async (key: string, text: string, startedSecondsAgo: number) =>
      (
        await db.query<{ id: number }>(
          `insert into whatsapp_outbound
             (idempotency_key, channel, wa_id, kind, payload, attempts, attempt_started_at)
           values ($1, 'whatsapp', $2, 'text', $3, 1, now() - make_interval(secs => $4))
           returning id`,
          [key, waId, JSON.stringify({ message: { kind: 'text', text } }), startedSecondsAgo],
        )
      ).rows[0]?.id ?? 0
    const wentOut = await insert('doubt-went-out', 'primeira', 0)
    const lost = await insert('doubt-lost', 'segunda', 31)
    for (const id of [wentOut, lost]) {
      await addJob(db, whatsappSendJob, { id }, { key: id })
    }
    // Meta reports the first one (with our callback data): it went out, under this wamid.
    const res = await rig.server.api(
      '/api/webhooks/whatsapp',
      signedDelivery(
        delivery({
          statuses: [
            {
              wamid: 'wamid.DOUBT1',
              status: 'sent',
              recipient: waId,
              callbackData: `out:${wentOut}`,
            },
          ],
        }),
      ),
    )
    expect(res.status).toBe(200)
    const row = async (id: number) =>
      (
        await db.query(
          'select status, wamid, attempt_started_at from whatsapp_outbound where id = $1',
          [id],
        )
      ).rows[0]
    expect(await row(wentOut)).toMatchObject({
      status: 'sent',
      wamid: 'wamid.DOUBT1',
      attempt_started_at: null,
    })
    // The second waited past IN_DOUBT_MS without news: it is sent again, once.
    const sent = await rig.repliesTo(waId, 2)
    expect(sent[1]?.text).toBe('segunda')
    expect(sent[1]?.body.biz_opaque_callback_data).toBe(`out:${lost}`)
    // The first one's job, waiting for news until IN_DOUBT_MS, runs now: it must not resend.
    await db.query('update graphile_worker._private_jobs set run_at = now() where key = $1', [
      jobKey(whatsappSendJob, wentOut),
    ])
    await waitForIdleJobs(db)
    expect(rig.fake.sentTo(waId).map((m) => m.text)).not.toContain('primeira')
    expect(await row(lost)).toMatchObject({ status: 'sent', attempt_started_at: null })
  })
})

describe('recovery when a runner starts', () => {
  it('leaves alone work whose job a live worker holds (running or in its local queue)', async () => {
    const web = await startTestServer({ ...fakeMetaEnv(rig.fake), WORKER: 'off' })
    try {
      const db = web.database.pool
      await deliver(web, { from: '5511987653008', text: 'oi' })
      // Taken by a runner that is alive (it beat a moment ago) but has not reached the row yet.
      await db.query(
        `update graphile_worker._private_jobs set locked_at = now() - interval '5 minutes',
                locked_by = 'vivo'
          where task_id = (select id from graphile_worker._private_tasks where identifier = $1)`,
        [whatsappInboundJob.task],
      )
      await db.query(
        `insert into worker_heartbeats (locker_id, process, seen_at) values ('vivo', 'p', now())`,
      )
      const staleAfterMs = 60_000
      expect(await recoverUnfinished(db, { staleAfterMs })).toEqual({ inbound: 0, outbound: 0 })
      // Silent for longer than the window: its job is abandoned, the message is queued again.
      await db.query(
        `update worker_heartbeats set seen_at = now() - interval '2 minutes' where locker_id = 'vivo'`,
      )
      expect(await recoverUnfinished(db, { staleAfterMs })).toEqual({ inbound: 1, outbound: 0 })
    } finally {
      await web.stop()
    }
  })

  it('requeues work whose job a dead worker still holds', async () => {
    const web = await startTestServer({ ...fakeMetaEnv(rig.fake), WORKER: 'off' })
    try {
      const db = web.database.pool
      const from = '5511987653007'
      await deliver(web, { from, text: 'oi' })
      // The job was taken by a worker that then died, minutes before this runner starts (a
      // lock younger than WORKER_STALE_AFTER_SECONDS may be a live runner's that has not beaten
      // yet): graphile-worker would wait four hours.
      const taken = await db.query(
        `update graphile_worker._private_jobs
            set locked_at = now() - interval '5 minutes', locked_by = 'morto'
          where task_id = (select id from graphile_worker._private_tasks where identifier = $1)
          returning id`,
        [whatsappInboundJob.task],
      )
      expect(taken.rowCount).toBe(1)
      const runner = await startJobRunner(db, createLogger('silent'), web.deps.env)
      try {
        const [reply] = await rig.repliesTo(from)
        expect(reply?.text).toMatch(/ainda não está ligado/)
      } finally {
        await runner.stop()
      }
    } finally {
      await web.stop()
    }
  })
})
