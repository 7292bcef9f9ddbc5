import { parseCrontab } from 'graphile-worker'
import { beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../../test/ledger-fixtures.ts'
import { testEnv } from '../../test/test-server.ts'
import { useTestDatabase } from '../../test/use-test-database.ts'
import type { Db } from '../platform/db/database.ts'
import type { Env } from '../platform/env.ts'
import { crontab } from '../app/task-registry.ts'
import { linkNumber, unlink } from '../messaging/links.queries.ts'
import { simulatorWaId } from '../messaging/whatsapp-config.ts'
import { deliverAlert, deliverAlerts } from '../alerts/alerts.ts'
import { alertsNotifyJob } from '../alerts/alerts.jobs.ts'
import { updateNotificationSettings } from '../messaging/notification-settings.queries.ts'
import { billReminderText, nextDay, sendDueBillReminders } from './bill-reminders.ts'
import { changeBill } from './bill-payments.ts'
import { insertBill } from './bills.queries.ts'
import { ledgerForUser } from '../tenancy/ledgers.queries.ts'

/*
 * Bill-due reminders against a real database: which bills are due (São Paulo days), one
 * message per bill and due date however often the job runs, unlinked owners skipped and not
 * marked. The job runner is off, so queued messages stay in whatsapp_outbound to be inspected.
 */
const database = useTestDatabase()
let db: Db
/** WhatsApp configured (dummy credentials; nothing is delivered with the worker off). */
let env: Env
beforeAll(() => {
  db = database.pool
  env = testEnv({
    WHATSAPP_ACCESS_TOKEN: 'token',
    WHATSAPP_PHONE_NUMBER_ID: '1234567890',
    WHATSAPP_APP_SECRET: 'app-secret',
    WHATSAPP_VERIFY_TOKEN: 'verify-token',
  })
})

let nextNumber = 5511987650100
async function linkedUser(): Promise<{ userId: string; waId: string }> {
  const userId = await insertUser(db)
  const waId = String(nextNumber++)
  await linkNumber(db, { userId, waId })
  return { userId, waId }
}

async function bill(
  userId: string,
  dueOn: string,
  description = 'conta de luz',
  amountCents: number | null = 18000,
) {
  const { ledgerId } = await ledgerForUser(db, { userId })
  return insertBill(db, {
    ledgerId,
    createdBy: userId,
    description,
    amountCents,
    category: 'contas_casa',
    dueOn,
  })
}

type OutboundRow = {
  idempotency_key: string
  channel: string
  wa_id: string
  status: string
  payload: {
    message: { kind: string; text: string }
    fallback?: { kind: string; name: string; params: string[] }
  }
}
async function outboxFor(userId: string): Promise<OutboundRow[]> {
  const { rows } = await db.query<OutboundRow>(
    `select idempotency_key, channel, wa_id, status, payload from whatsapp_outbound
      where user_id = $1 order by id`,
    [userId],
  )
  return rows
}

/** The reminder alerts recorded for a bill: their dedupe keys ('bill:<id>:<due>:<eve|day>'). */
const remindersOf = async (billId: number) =>
  (
    await db.query<{ dedupe_key: string }>(
      `select dedupe_key from alerts where dedupe_key like $1 order by id`,
      [`bill:${billId}:%`],
    )
  ).rows.map((r) => r.dedupe_key)

/** The run, then what the alert_notify jobs would do for every alert of these people. */
async function run(at: Date, e: Env = env) {
  const result = await sendDueBillReminders(db, e, at)
  const { rows } = await db.query<{ id: number }>('select id from alerts order by id')
  for (const { id } of rows) await deliverAlert(db, e, id)
  return result
}

/** 09:00 in São Paulo on 2026-12-09. */
const MORNING_9 = new Date('2026-12-09T12:00:00Z')

describe('sendDueBillReminders', () => {
  it('reminds the day before and on the due day, once each, however often it runs', async () => {
    const { userId, waId } = await linkedUser()
    const luz = await bill(userId, '2026-12-10')

    await run(MORNING_9)
    await run(MORNING_9)
    await run(new Date('2026-12-10T12:00:00Z'))
    await run(new Date('2026-12-10T15:00:00Z'))

    const sent = await outboxFor(userId)
    expect(sent.map((m) => m.payload.message.text)).toEqual([
      '⏰ Lembrete: *conta de luz* de R$ 180,00 vence amanhã (10/12).',
      '⏰ Lembrete: *conta de luz* de R$ 180,00 vence hoje (10/12).',
    ])
    expect(sent[0]).toMatchObject({
      channel: 'whatsapp',
      wa_id: waId,
      status: 'queued',
      payload: {
        // Outside the 24-hour window the approved template goes instead.
        fallback: {
          kind: 'template',
          name: 'equilibrai_lembrete_conta',
          params: ['conta de luz', '10/12', 'R$ 180,00'],
        },
      },
    })
    expect(await remindersOf(luz.id)).toEqual([
      `bill:${luz.id}:2026-12-10:eve`,
      `bill:${luz.id}:2026-12-10:day`,
    ])
  })

  it('reminds of a bill due today and leaves bills due later or already past alone', async () => {
    const { userId } = await linkedUser()
    const today = await bill(userId, '2026-12-09', 'internet', null)
    const inFiveDays = await bill(userId, '2026-12-14', 'aluguel')
    const yesterday = await bill(userId, '2026-12-08', 'água')

    await run(MORNING_9)
    const sent = await outboxFor(userId)
    expect(sent.map((m) => m.payload.message.text)).toEqual([
      '⏰ Lembrete: *internet* vence hoje (09/12).',
    ])
    expect(sent[0]?.payload.fallback?.params).toEqual(['internet', '09/12', 'não informado'])
    expect(await remindersOf(today.id)).toHaveLength(1)
    expect(await remindersOf(inFiveDays.id)).toEqual([])
    expect(await remindersOf(yesterday.id)).toEqual([])
  })

  it('never reminds of a paid bill, and a paid monthly bill is reminded of next month', async () => {
    const { userId } = await linkedUser()
    const internet = await bill(userId, '2027-01-31', 'internet')
    const ledger = await ledgerForUser(db, { userId })
    await db.query(`update bills set recurrence = 'monthly', day_of_month = 31 where id = $1`, [
      internet.id,
    ])
    // Paid on the eve: no due-day reminder; the next one falls on the last day of February.
    await run(new Date('2027-01-30T12:00:00Z'))
    const paid = await changeBill(db, {
      ledger,
      userId,
      id: internet.id,
      change: { paid_on: '2027-01-30' },
    })
    expect(paid.next?.due_on).toBe('2027-02-28')
    await run(new Date('2027-01-31T12:00:00Z'))
    await run(new Date('2027-02-27T12:00:00Z'))
    expect((await outboxFor(userId)).map((m) => m.payload.message.text)).toEqual([
      '⏰ Lembrete: *internet* de R$ 180,00 vence amanhã (31/01).',
      '⏰ Lembrete: *internet* de R$ 180,00 vence amanhã (28/02).',
    ])
  })

  it('respects bill_reminders turned off', async () => {
    const { userId } = await linkedUser()
    await updateNotificationSettings(db, { userId, patch: { bill_reminders: false } })
    const agua = await bill(userId, '2026-12-10', 'água')
    await run(MORNING_9)
    expect(await outboxFor(userId)).toEqual([])
    expect(await remindersOf(agua.id)).toEqual([])
  })

  it('skips owners without a linked number and reminds them once they link', async () => {
    const userId = await insertUser(db)
    const gas = await bill(userId, '2026-12-10', 'gás')

    await run(MORNING_9)
    expect(await outboxFor(userId)).toEqual([])
    expect(await remindersOf(gas.id)).toEqual([])

    // Linked later the same day: the next run reminds.
    await linkNumber(db, { userId, waId: String(nextNumber++) })
    await run(new Date('2026-12-09T18:00:00Z'))
    expect(await outboxFor(userId)).toHaveLength(1)
  })

  it('an owner who unlinks gets nothing', async () => {
    const { userId } = await linkedUser()
    const tv = await bill(userId, '2026-12-10', 'tv a cabo')
    await unlink(db, { userId })
    await run(MORNING_9)
    expect(await outboxFor(userId)).toEqual([])
    expect(await remindersOf(tv.id)).toEqual([])
  })

  it('counts days in São Paulo, not UTC, near midnight and across the year', async () => {
    const { userId } = await linkedUser()
    // 2026-12-10T02:30Z is 23:30 on the 9th in São Paulo: the 10th is tomorrow, the 11th is not.
    await bill(userId, '2026-12-10', 'condomínio')
    const eleventh = await bill(userId, '2026-12-11', 'escola')
    await run(new Date('2026-12-10T02:30:00Z'))
    expect((await outboxFor(userId)).map((m) => m.payload.message.text)).toEqual([
      '⏰ Lembrete: *condomínio* de R$ 180,00 vence amanhã (10/12).',
    ])
    expect(await remindersOf(eleventh.id)).toEqual([])

    const newYear = await bill(userId, '2027-01-01', 'seguro')
    await run(new Date('2026-12-31T12:00:00Z'))
    expect(await remindersOf(newYear.id)).toEqual([`bill:${newYear.id}:2027-01-01:eve`])
  })

  it('without WhatsApp configured, reminds in the account simulator', async () => {
    const userId = await insertUser(db)
    await bill(userId, '2026-12-10', 'celular')
    await run(MORNING_9, testEnv())
    expect(await outboxFor(userId)).toMatchObject([
      { channel: 'simulator', wa_id: simulatorWaId(userId) },
    ])
  })
})

describe('the delivery jobs of a run', () => {
  it('queues one job for a page of reminders; run twice (a retry), it sends each once', async () => {
    const { userId } = await linkedUser()
    await bill(userId, '2027-02-10', 'água')
    await bill(userId, '2027-02-10', 'gás')
    const result = await sendDueBillReminders(db, env, new Date('2027-02-09T12:00:00Z'))
    expect(result).toEqual({ sent: 2, skipped: 0 })
    const { rows } = await db.query<{ payload: unknown }>(
      `select j.payload from graphile_worker._private_jobs j
         join graphile_worker._private_tasks t on t.id = j.task_id
        where t.identifier = $1 order by j.id desc limit 1`,
      [alertsNotifyJob.task],
    )
    const { ids } = alertsNotifyJob.payload.parse(rows[0]?.payload)
    expect(ids).toHaveLength(2)
    expect(await deliverAlerts(db, env, ids)).toMatchObject({ sent: 2 })
    expect(await deliverAlerts(db, env, ids)).toMatchObject({ sent: 2 })
    expect((await outboxFor(userId)).map((m) => m.payload.message.text).sort()).toEqual(
      [
        '⏰ Lembrete: *água* de R$ 180,00 vence amanhã (10/02).',
        '⏰ Lembrete: *gás* de R$ 180,00 vence amanhã (10/02).',
      ].sort(),
    )
  })
})

describe('helpers and schedule', () => {
  it('nextDay crosses months and years', () => {
    expect(nextDay('2026-12-09')).toBe('2026-12-10')
    expect(nextDay('2026-02-28')).toBe('2026-03-01')
    expect(nextDay('2028-02-28')).toBe('2028-02-29')
    expect(nextDay('2026-12-31')).toBe('2027-01-01')
  })

  it('keeps asterisks out of the bold description', () => {
    expect(
      billReminderText(
        { description: '*cartão*', amount_cents: 5, due_on: '2026-01-02' },
        '2026-01-01',
      ),
    ).toBe('⏰ Lembrete: *cartão* de R$ 0,05 vence amanhã (02/01).')
  })

  it('runs daily at 12:00 UTC (09:00 in São Paulo) with backfill and retries', () => {
    const item = parseCrontab(crontab()).find((i) => i.task === 'bill_reminders')
    if (!item) throw new Error('bill_reminders is not in the crontab')
    expect(item.match({ min: 0, hour: 12, date: 9, month: 12, dow: 3 })).toBe(true)
    expect(item.match({ min: 0, hour: 9, date: 9, month: 12, dow: 3 })).toBe(false)
    expect(item.options.backfillPeriod).toBe(6 * 60 * 60 * 1000)
    expect(item.options.maxAttempts).toBe(10)
  })
})
