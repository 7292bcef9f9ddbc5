import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../../test/ledger-fixtures.ts'
import { createTestDatabase, testEnv } from '../../test/test-server.ts'
import { setBudget } from '../budgets/budgets.queries.ts'
import type { Database, Db } from '../platform/db/database.ts'
import { withTransaction } from '../platform/db/transaction.ts'
import { recordEntries, recordEntry } from '../ledger/entries.ts'
import { ledgerForUser } from '../tenancy/ledgers.queries.ts'
import { updateNotificationSettings } from '../messaging/notification-settings.queries.ts'
import { deliverAlert } from './alerts.ts'

/*
 * Budget alerts on a real database: 80 % and 100 % once each per (ledger, category, month),
 * whichever way the entries come in, also when they land at the same moment.
 */
let database: Database
let db: Db
beforeAll(async () => {
  database = await createTestDatabase()
  db = database.pool
})
afterAll(() => database?.close())

async function spend(userId: string, cents: number, day = '2026-11-10', category = 'mercado') {
  return withTransaction(db, async (tx) => {
    const ledger = await ledgerForUser(tx, { userId })
    return recordEntry(tx, {
      ledger,
      userId,
      entry: {
        type: 'expense',
        amount_cents: cents,
        description: 'compra',
        category: category as 'mercado',
        occurred_on: day,
      },
      source: 'web',
    })
  })
}

async function alertsOf(userId: string) {
  const { rows } = await db.query<{ id: number; kind: string; category: string; text: string }>(
    `select a.id, a.kind, a.category, a.text from alerts a
       join ledgers l on l.id = a.ledger_id where l.owner_user_id = $1 order by a.id`,
    [userId],
  )
  return rows
}

async function deliveryJobs(alertIds: number[]) {
  const { rows } = await db.query<{ key: string }>(
    `select key from graphile_worker.jobs where key = any($1::text[])`,
    [alertIds.map((id) => `alert:${id}`)],
  )
  return rows.map((r) => r.key)
}

async function withBudget(plan = 'pf_simples', limit = 80_000) {
  const userId = await insertUser(db, plan)
  const { ledgerId } = await ledgerForUser(db, { userId })
  await setBudget(db, { ledgerId, category: 'mercado', month: '2026-11', limitCents: limit })
  return userId
}

describe('budget alerts', () => {
  it('warns at 80 % and at 100 %, once each, and not for other months or categories', async () => {
    const userId = await withBudget()
    await spend(userId, 50_000)
    expect(await alertsOf(userId)).toEqual([])
    await spend(userId, 15_000) // 650 of 800: 81 %
    await spend(userId, 5_000) // 87 %: already warned
    await spend(userId, 20_000, '2026-11-10', 'lazer') // another category, no budget
    await spend(userId, 20_000) // 900: 112 %
    await spend(userId, 10_000) // still over: nothing new
    // The budget holds from November on: December has its own 80 % and 100 %.
    await spend(userId, 70_000, '2026-12-02')
    const alerts = await alertsOf(userId)
    expect(alerts.map((a) => [a.kind, a.category])).toEqual([
      ['budget_80', 'mercado'],
      ['budget_100', 'mercado'],
      ['budget_80', 'mercado'],
    ])
    expect(alerts[0]?.text).toBe(
      '⚠️ Você já usou 81% do orçamento de *Mercado* em novembro de 2026: R$ 650,00 de R$ 800,00.',
    )
    expect(alerts[1]?.text).toBe(
      '🚨 Você passou do orçamento de *Mercado* em novembro de 2026: R$ 900,00 de R$ 800,00 (112%).',
    )
    // Each is delivered by its own job.
    expect(await deliveryJobs(alerts.map((a) => a.id))).toHaveLength(3)
  })

  it('emits budget.alert webhook events for an endpoint listening, in the same transaction', async () => {
    // Endpoints deliver only on a plan with integrações_personalizadas (issue 25).
    const userId = await withBudget('empresas_15')
    const { ledgerId } = await ledgerForUser(db, { userId })
    await db.query(
      `insert into webhook_endpoints (ledger_id, created_by, url, events, secret)
       values ($1, $2, 'https://exemplo.com.br/hook', '{budget.alert}', 'whsec_teste')`,
      [ledgerId, userId],
    )
    await spend(userId, 70_000) // 87 %
    await spend(userId, 20_000) // 112 %
    const { rows } = await db.query<{ type: string; kind: string; deliveries: number }>(
      `select e.type, e.data->>'kind' as kind,
              (select count(*)::int from webhook_deliveries d where d.event_id = e.id) as deliveries
         from webhook_events e where e.ledger_id = $1 order by e.created_at, e.id`,
      [ledgerId],
    )
    expect(rows).toEqual([
      { type: 'budget.alert', kind: 'budget_80', deliveries: 1 },
      { type: 'budget.alert', kind: 'budget_100', deliveries: 1 },
    ])
  })

  it('records 80 % without sending it when one entry goes straight past 100 %', async () => {
    const userId = await withBudget()
    await spend(userId, 90_000)
    const alerts = await alertsOf(userId)
    expect(alerts.map((a) => a.kind)).toEqual(['budget_80', 'budget_100'])
    expect(await deliveryJobs(alerts.map((a) => a.id))).toEqual([`alert:${alerts[1]?.id}`])
  })

  it('sends one alert per threshold when 40 entries land at the same moment', async () => {
    const userId = await withBudget('pf_simples', 100_000)
    // 40 × R$ 30,00 = R$ 1.200,00 in parallel transactions: 80 % and 100 % are each crossed
    // by exactly one of them, whatever the interleaving.
    await Promise.all(Array.from({ length: 40 }, () => spend(userId, 3_000)))
    const alerts = await alertsOf(userId)
    expect(alerts.map((a) => a.kind).sort()).toEqual(['budget_100', 'budget_80'])
    const { rows } = await db.query<{ total: number }>(
      `select sum(amount_cents)::int as total from transactions t join ledgers l on l.id = t.ledger_id
        where l.owner_user_id = $1`,
      [userId],
    )
    expect(rows[0]?.total).toBe(120_000)
  })

  it('sends nothing on a plan without alertas_orçamento', async () => {
    const userId = await withBudget('free')
    await spend(userId, 90_000)
    expect(await alertsOf(userId)).toEqual([])
  })

  it('delivers through the WhatsApp sender only when budget alerts are on', async () => {
    const env = testEnv()
    const on = await withBudget()
    await spend(on, 70_000)
    const [alert] = await alertsOf(on)
    expect(await deliverAlert(db, env, alert?.id ?? 0)).toBe('sent')
    expect(await deliverAlert(db, env, alert?.id ?? 0)).toBe('sent') // same key: one message
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from whatsapp_outbound where idempotency_key = $1`,
      [`alert:${alert?.id}`],
    )
    expect(rows[0]?.n).toBe(1)

    const off = await withBudget()
    await updateNotificationSettings(db, { userId: off, patch: { budget_alerts: false } })
    await spend(off, 70_000)
    const [silenced] = await alertsOf(off)
    expect(await deliverAlert(db, env, silenced?.id ?? 0)).toBe('off')
    const none = await db.query('select 1 from whatsapp_outbound where user_id = $1', [off])
    expect(none.rowCount).toBe(0)
  })

  it('checks a batch of entries as one by one: each threshold crossed by the entry that crosses it', async () => {
    // recordEntries (a WhatsApp batch) checks all its entries in one statement (ADR 024
    // 2026-11-26 night); the k-th entry must see the spending with entries 1..k only.
    const userId = await withBudget()
    await spend(userId, 50_000)
    await withTransaction(db, async (tx) => {
      const ledger = await ledgerForUser(tx, { userId })
      const entry = (cents: number) => ({
        ledger,
        userId,
        entry: {
          type: 'expense' as const,
          amount_cents: cents,
          description: 'compra',
          category: 'mercado' as const,
          occurred_on: '2026-11-12',
        },
        source: 'whatsapp' as const,
      })
      // 650 of 800 (81 %), then 850 (106 %).
      return recordEntries(tx, [entry(15_000), entry(20_000)])
    })
    const alerts = await alertsOf(userId)
    expect(alerts.map((a) => a.text)).toEqual([
      '⚠️ Você já usou 81% do orçamento de *Mercado* em novembro de 2026: R$ 650,00 de R$ 800,00.',
      '🚨 Você passou do orçamento de *Mercado* em novembro de 2026: R$ 850,00 de R$ 800,00 (106%).',
    ])
    // Both sent, each by its own job: the 80 % was crossed before the 100 %, not together.
    expect(await deliveryJobs(alerts.map((a) => a.id))).toHaveLength(2)
  })

  it('checks high spending in a batch against the history before each entry, not after the batch', async () => {
    const userId = await withBudget()
    for (const day of ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04'])
      await spend(userId, 2_000, day, 'lazer')
    const recorded = await withTransaction(db, async (tx) => {
      const ledger = await ledgerForUser(tx, { userId })
      const entry = (cents: number) => ({
        ledger,
        userId,
        entry: {
          type: 'expense' as const,
          amount_cents: cents,
          description: `show ${cents}`,
          category: 'lazer' as const,
          occurred_on: '2026-11-12',
        },
        source: 'whatsapp' as const,
      })
      // R$ 500 against four of R$ 20: high. R$ 1.000 against those and the R$ 500 (twice the
      // largest): high too. Had the first seen the second, it would not be.
      return recordEntries(tx, [entry(50_000), entry(100_000)])
    })
    const ids = recorded.map((r) => (r instanceof Error ? 0 : r.entry.id))
    const { rows } = await db.query<{ dedupe_key: string; text: string }>(
      `select a.dedupe_key, a.text from alerts a join ledgers l on l.id = a.ledger_id
        where l.owner_user_id = $1 and a.kind = 'high_spending' order by a.id`,
      [userId],
    )
    expect(rows.map((r) => r.dedupe_key)).toEqual(ids.map((id) => `high:${id}`))
    expect(rows[0]?.text).toBe(
      '💸 Gasto alto: R$ 500,00 em *Lazer* (show 50000), bem acima do seu normal nessa categoria (mediana de R$ 20,00 nos últimos 90 dias).',
    )
  })
})
