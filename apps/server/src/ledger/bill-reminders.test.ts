import { parseCrontab } from 'graphile-worker'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../../test/ledger-fixtures.ts'
import { createTestDatabase, testEnv } from '../../test/test-server.ts'
import type { Database, Db } from '../db/database.ts'
import type { Env } from '../env.ts'
import { CRONTAB } from '../jobs/task-registry.ts'
import { linkNumber, unlink } from '../whatsapp/links.queries.ts'
import { simulatorWaId } from '../whatsapp/whatsapp-config.ts'
import { billReminderText, nextDay, sendDueBillReminders } from './bill-reminders.ts'
import { insertBill } from './bills.queries.ts'
import { ledgerForUser } from './ledgers.queries.ts'

/*
 * Bill-due reminders against a real database: which bills are due (São Paulo days), one
 * message per bill and due date however often the job runs, unlinked owners skipped and not
 * marked. The job runner is off, so queued messages stay in whatsapp_outbound to be inspected.
 */
let database: Database
let db: Db
/** WhatsApp configured (dummy credentials; nothing is delivered with the worker off). */
let env: Env
beforeAll(async () => {
  database = await createTestDatabase()
  db = database.pool
  env = testEnv({
    WHATSAPP_ACCESS_TOKEN: 'token',
    WHATSAPP_PHONE_NUMBER_ID: '1234567890',
    WHATSAPP_APP_SECRET: 'app-secret',
    WHATSAPP_VERIFY_TOKEN: 'verify-token',
  })
})
afterAll(() => database?.close())

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

const notifiedAt = async (billId: number) =>
  (
    await db.query<{ notified_at: Date | null }>('select notified_at from bills where id = $1', [
      billId,
    ])
  ).rows[0]?.notified_at ?? null

/** 09:00 in São Paulo on 2026-12-09. */
const MORNING_9 = new Date('2026-12-09T12:00:00Z')

describe('sendDueBillReminders', () => {
  it('reminds of a bill due tomorrow exactly once, however often it runs', async () => {
    const { userId, waId } = await linkedUser()
    const luz = await bill(userId, '2026-12-10')

    await sendDueBillReminders(db, env, MORNING_9)
    await sendDueBillReminders(db, env, MORNING_9)
    // The next day the bill is due today: already reminded, nothing more.
    await sendDueBillReminders(db, env, new Date('2026-12-10T12:00:00Z'))

    const sent = await outboxFor(userId)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      idempotency_key: `bill:${luz.id}:2026-12-10:reminder`,
      channel: 'whatsapp',
      wa_id: waId,
      status: 'queued',
      payload: {
        message: {
          kind: 'text',
          text: '⏰ Lembrete: *conta de luz* de R$ 180,00 vence amanhã (10/12).',
        },
        // Outside the 24-hour window the approved template goes instead.
        fallback: {
          kind: 'template',
          name: 'equilibrai_lembrete_conta',
          params: ['conta de luz', '10/12', 'R$ 180,00'],
        },
      },
    })
    expect(await notifiedAt(luz.id)).toBeInstanceOf(Date)
  })

  it('reminds of a bill due today and leaves bills due later or already past alone', async () => {
    const { userId } = await linkedUser()
    const today = await bill(userId, '2026-12-09', 'internet', null)
    const inFiveDays = await bill(userId, '2026-12-14', 'aluguel')
    const yesterday = await bill(userId, '2026-12-08', 'água')

    const run = await sendDueBillReminders(db, env, MORNING_9)
    expect(run.skipped).toBe(0)

    const sent = await outboxFor(userId)
    expect(sent.map((m) => m.payload.message.text)).toEqual([
      '⏰ Lembrete: *internet* vence hoje (09/12).',
    ])
    expect(sent[0]?.payload.fallback?.params).toEqual(['internet', '09/12', 'não informado'])
    expect(await notifiedAt(today.id)).toBeInstanceOf(Date)
    expect(await notifiedAt(inFiveDays.id)).toBeNull()
    expect(await notifiedAt(yesterday.id)).toBeNull()
  })

  it('skips owners without a linked number and reminds them once they link', async () => {
    const userId = await insertUser(db)
    const gas = await bill(userId, '2026-12-10', 'gás')

    await sendDueBillReminders(db, env, MORNING_9)
    expect(await outboxFor(userId)).toEqual([])
    expect(await notifiedAt(gas.id)).toBeNull()

    // Linked later the same day: the next run reminds.
    await linkNumber(db, { userId, waId: String(nextNumber++) })
    await sendDueBillReminders(db, env, new Date('2026-12-09T18:00:00Z'))
    expect(await outboxFor(userId)).toHaveLength(1)
    expect(await notifiedAt(gas.id)).toBeInstanceOf(Date)
  })

  it('an owner who unlinks gets nothing and the bill stays unmarked', async () => {
    const { userId } = await linkedUser()
    const tv = await bill(userId, '2026-12-10', 'tv a cabo')
    await unlink(db, { userId })

    await sendDueBillReminders(db, env, MORNING_9)
    expect(await outboxFor(userId)).toEqual([])
    expect(await notifiedAt(tv.id)).toBeNull()
  })

  it('counts days in São Paulo, not UTC, near midnight', async () => {
    const { userId } = await linkedUser()
    // 2026-12-10T02:30Z is 23:30 on the 9th in São Paulo: the 10th is tomorrow, the 11th is not.
    const tenth = await bill(userId, '2026-12-10', 'condomínio')
    const eleventh = await bill(userId, '2026-12-11', 'escola')

    await sendDueBillReminders(db, env, new Date('2026-12-10T02:30:00Z'))
    expect((await outboxFor(userId)).map((m) => m.payload.message.text)).toEqual([
      '⏰ Lembrete: *condomínio* de R$ 180,00 vence amanhã (10/12).',
    ])
    expect(await notifiedAt(eleventh.id)).toBeNull()

    // 03:00Z is midnight in São Paulo: now the 10th is today and the 11th tomorrow.
    await sendDueBillReminders(db, env, new Date('2026-12-10T03:00:00Z'))
    const texts = (await outboxFor(userId)).map((m) => m.payload.message.text)
    expect(texts).toEqual([
      '⏰ Lembrete: *condomínio* de R$ 180,00 vence amanhã (10/12).',
      '⏰ Lembrete: *escola* de R$ 180,00 vence amanhã (11/12).',
    ])
    expect(await notifiedAt(tenth.id)).toBeInstanceOf(Date)
  })

  it('marks a bill whose reminder a crashed run queued without queueing another', async () => {
    const { userId } = await linkedUser()
    const iptu = await bill(userId, '2026-12-10', 'IPTU')
    await sendDueBillReminders(db, env, MORNING_9)
    // As if the run had died between queueing and marking.
    await db.query('update bills set notified_at = null where id = $1', [iptu.id])

    const run = await sendDueBillReminders(db, env, MORNING_9)
    expect(run.sent).toBeGreaterThanOrEqual(1)
    expect(await outboxFor(userId)).toHaveLength(1)
    expect(await notifiedAt(iptu.id)).toBeInstanceOf(Date)
  })

  it('without WhatsApp configured, reminds in the account simulator', async () => {
    const userId = await insertUser(db)
    await bill(userId, '2026-12-10', 'celular')
    await sendDueBillReminders(db, testEnv(), MORNING_9)
    expect(await outboxFor(userId)).toMatchObject([
      { channel: 'simulator', wa_id: simulatorWaId(userId) },
    ])
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
    const item = parseCrontab(CRONTAB).find((i) => i.task === 'bill_reminders')
    if (!item) throw new Error('bill_reminders is not in the crontab')
    expect(item.match({ min: 0, hour: 12, date: 9, month: 12, dow: 3 })).toBe(true)
    expect(item.match({ min: 0, hour: 9, date: 9, month: 12, dow: 3 })).toBe(false)
    expect(item.options.backfillPeriod).toBe(6 * 60 * 60 * 1000)
    expect(item.options.maxAttempts).toBe(10)
  })
})
