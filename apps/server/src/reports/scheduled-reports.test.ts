import { parseCrontab } from 'graphile-worker'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../../test/ledger-fixtures.ts'
import { type FixtureEntry, recordEntries } from '../../test/report-fixtures.ts'
import { createTestDatabase, testEnv } from '../../test/test-server.ts'
import { runTaskCommand } from '../app/cli/commands/run-task.ts'
import type { Database, Db } from '../platform/db/database.ts'
import type { Env } from '../platform/env.ts'
import { crontab } from '../app/task-registry.ts'
import { JOBS } from '../app/jobs.ts'
import { createLogger } from '../platform/logger.ts'
import { updateNotificationSettings } from '../messaging/notification-settings.queries.ts'
import { linkNumber } from '../messaging/links.queries.ts'
import { simulatorWaId } from '../messaging/whatsapp-config.ts'
import { reportPeriod } from './scheduled-reports.ts'

/*
 * The scheduled weekly and monthly reports against a real database, run the way the cron and
 * `npm run cli -- run-task weekly_reports --at …` run them (JOBS[row].run with a
 * chosen moment). The job runner is off, so queued messages stay in whatsapp_outbound to be
 * inspected.
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

const deps = () => ({ db, env, log: createLogger('silent') })
const weekly = (at: string) => JOBS.weeklyReports.run(deps(), new Date(at))
const monthly = (at: string) => JOBS.monthlyReports.run(deps(), new Date(at))

/** Monday 23 November 2026, 08:00 in São Paulo: reports on 16–22 November. */
const MONDAY_8 = '2026-11-23T08:00:00-03:00'
/** 1 December 2026, 08:00 in São Paulo: reports on November. */
const FIRST_8 = '2026-12-01T08:00:00-03:00'

let nextNumber = 5511976548100
async function person(
  plan: string,
  entries: FixtureEntry[],
  { linked = true }: { linked?: boolean } = {},
) {
  const userId = await insertUser(db, plan)
  const waId = String(nextNumber++)
  if (linked) await linkNumber(db, { userId, waId })
  await recordEntries(db, userId, entries)
  return { userId, waId }
}

const spent = (on: string, cents = 4_590, category: FixtureEntry['category'] = 'mercado') =>
  ({ type: 'expense', cents, description: 'compra', category, on }) satisfies FixtureEntry

type OutboundRow = {
  idempotency_key: string
  channel: string
  wa_id: string
  payload: {
    message: { kind: string; text: string }
    fallback?: { kind: string; name: string; language: string; params: string[] }
  }
}
async function outboxFor(userId: string): Promise<OutboundRow[]> {
  const { rows } = await db.query<OutboundRow>(
    `select idempotency_key, channel, wa_id, payload from whatsapp_outbound
      where user_id = $1 order by id`,
    [userId],
  )
  return rows
}

describe('report periods', () => {
  it('weekly: the Monday–Sunday that ended; monthly: the month that ended (São Paulo)', () => {
    expect(reportPeriod('weekly', new Date(MONDAY_8))).toEqual({
      kind: 'weekly',
      from: '2026-11-16',
      to: '2026-11-22',
    })
    // Sunday 23:30 in São Paulo is already Monday in UTC: still the week before that one.
    expect(reportPeriod('weekly', new Date('2026-11-22T23:30:00-03:00'))).toMatchObject({
      from: '2026-11-09',
      to: '2026-11-15',
    })
    expect(reportPeriod('monthly', new Date(FIRST_8))).toEqual({
      kind: 'monthly',
      from: '2026-11-01',
      to: '2026-11-30',
      month: '2026-11',
    })
    expect(reportPeriod('monthly', new Date('2027-01-01T08:00:00-03:00'))).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-31',
    })
  })

  it('are on the crontab at 08:00 São Paulo (11:00 UTC)', () => {
    expect(crontab()).toContain('0 11 * * 1 weekly_reports ?fill=6h&max=10')
    expect(crontab()).toContain('0 11 1 * * monthly_reports ?fill=6h&max=10')
    expect(() => parseCrontab(crontab())).not.toThrow()
  })
})

describe('weekly_reports', () => {
  it('sends last week once to a subscriber, through the template outside the window', async () => {
    const { userId, waId } = await person('pf_simples', [
      spent('2026-11-16', 30_000, 'mercado'),
      spent('2026-11-22', 12_000, 'alimentacao'),
      {
        type: 'income',
        cents: 200_000,
        description: 'venda',
        category: 'vendas',
        on: '2026-11-20',
      },
      spent('2026-11-10', 10_000, 'mercado'), // the week before
      spent('2026-11-23', 99_999, 'lazer'), // this week: not in the report
    ])
    const first = await weekly(MONDAY_8)
    expect(first.sent).toBeGreaterThanOrEqual(1)
    // Reruns: the same moment, later that morning, and two runners at once.
    await weekly(MONDAY_8)
    await weekly('2026-11-23T13:00:00-03:00')
    await Promise.all([weekly(MONDAY_8), weekly(MONDAY_8)])

    const sent = await outboxFor(userId)
    expect(sent).toHaveLength(1)
    const [message] = sent
    expect(message).toMatchObject({
      idempotency_key: `report:weekly:${userId}:2026-11-16`,
      channel: 'whatsapp',
      wa_id: waId,
      payload: {
        fallback: {
          kind: 'template',
          name: 'equilibrai_relatorio',
          language: 'pt_BR',
          params: ['da semana de 16/11 a 22/11', 'R$ 2.000,00', 'R$ 420,00', 'R$ 1.580,00'],
        },
      },
    })
    const text = message?.payload.message.text ?? ''
    expect(text).toContain('🗓️ *Seu resumo da semana* (16/11 a 22/11)')
    expect(text).toContain('Saídas: R$ 420,00')
    expect(text).toContain('1. Mercado: R$ 300,00 (71%)')
    expect(text).toContain('2. Alimentação: R$ 120,00 (29%)')
    expect(text).toContain('Comparado à semana anterior: gastos R$ 320,00 a mais (+320%)')
    expect(text).not.toContain('Lazer')
    const { rows } = await db.query(
      'select kind, period::text from report_deliveries where user_id = $1',
      [userId],
    )
    expect(rows).toEqual([{ kind: 'weekly', period: '2026-11-16' }])
  })

  it('skips the free plan, those who turned it off, quiet weeks and unlinked numbers', async () => {
    const free = await person('free', [spent('2026-11-18')])
    const off = await person('pf_simples', [spent('2026-11-18')])
    await updateNotificationSettings(db, { userId: off.userId, patch: { weekly_report: false } })
    const quiet = await person('pf_simples', [spent('2026-11-15'), spent('2026-11-23')])
    const unlinked = await person('empresas_2', [spent('2026-11-18')], { linked: false })

    await weekly(MONDAY_8)
    for (const p of [free, off, quiet, unlinked]) expect(await outboxFor(p.userId)).toEqual([])

    // Linking later that morning: the catch-up run sends it, once.
    await linkNumber(db, { userId: unlinked.userId, waId: unlinked.waId })
    await weekly('2026-11-23T10:00:00-03:00')
    await weekly('2026-11-23T11:00:00-03:00')
    expect(await outboxFor(unlinked.userId)).toHaveLength(1)
    // The one who turned the weekly report off still gets the monthly one.
    await monthly(FIRST_8)
    expect((await outboxFor(off.userId)).map((m) => m.idempotency_key)).toEqual([
      `report:monthly:${off.userId}:2026-11-01`,
    ])
  })

  it('runs from the CLI at a chosen moment', async () => {
    const { userId } = await person('pf_simples', [spent('2026-11-25')])
    const lines: string[] = []
    await runTaskCommand.run({ ...deps(), print: (line: string) => lines.push(line) }, [
      'weekly_reports',
      '--at',
      '2026-11-30T08:00:00-03:00',
    ])
    expect(lines.at(-1)).toMatch(/^weekly_reports em 2026-11-30T11:00:00.000Z: .*sent/)
    expect((await outboxFor(userId)).map((m) => m.idempotency_key)).toEqual([
      `report:weekly:${userId}:2026-11-23`,
    ])
  })
})

describe('monthly_reports', () => {
  it('sends last month once, with the change from the month before and the PDF hint', async () => {
    const { userId } = await person('pf_simples', [
      spent('2026-11-03', 150_000, 'moradia'),
      spent('2026-11-30', 50_000, 'mercado'),
      spent('2026-10-15', 100_000, 'moradia'),
      spent('2026-12-01', 7_000, 'lazer'),
    ])
    await monthly(FIRST_8)
    await monthly(FIRST_8)
    await monthly('2026-12-01T12:00:00-03:00')
    const sent = await outboxFor(userId)
    expect(sent).toHaveLength(1)
    const text = sent[0]?.payload.message.text ?? ''
    expect(text).toContain('📅 *Seu relatório de novembro de 2026*')
    expect(text).toContain('Saídas: R$ 2.000,00')
    expect(text).toContain('1. Moradia: R$ 1.500,00 (75%)')
    expect(text).toContain('Comparado a outubro: gastos R$ 1.000,00 a mais (+100%)')
    expect(text).toContain('mande *pdf*')
    expect(sent[0]?.payload.fallback?.params).toEqual([
      'de novembro de 2026',
      'R$ 0,00',
      'R$ 2.000,00',
      '-R$ 2.000,00',
    ])
    // Next month is another period.
    await monthly('2027-01-01T08:00:00-03:00')
    expect(await outboxFor(userId)).toHaveLength(2)
  })

  it('without WhatsApp configured, reports go to the simulator conversation', async () => {
    const simulatorEnv = testEnv()
    const userId = await insertUser(db, 'pf_simples')
    await recordEntries(db, userId, [spent('2026-11-10')])
    await JOBS.monthlyReports.run(
      { db, env: simulatorEnv, log: createLogger('silent') },
      new Date(FIRST_8),
    )
    expect(await outboxFor(userId)).toMatchObject([
      { channel: 'simulator', wa_id: simulatorWaId(userId) },
    ])
  })
})
