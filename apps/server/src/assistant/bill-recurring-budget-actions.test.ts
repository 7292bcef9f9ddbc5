import { beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../../test/ledger-fixtures.ts'
import { useTestDatabase } from '../../test/use-test-database.ts'
import type { Db } from '../platform/db/database.ts'
import { withTransaction } from '../platform/db/transaction.ts'
import { getNotificationSettings } from '../messaging/notification-settings.queries.ts'
import { handleMessage } from './assistant-service.ts'

/*
 * Bills, recurring entries, budgets and alert settings by message, through the one path
 * WhatsApp, the simulator and the CLI chat use (handleMessage), on a real database.
 */
const database = useTestDatabase()
let db: Db
beforeAll(() => {
  db = database.pool
})

// Wednesday 18/11/2026, noon in São Paulo.
const NOW = new Date('2026-11-18T15:00:00Z')
let msg = 0
const say = (userId: string, text: string, now = NOW) =>
  withTransaction(db, (tx) =>
    handleMessage(tx, {
      userId,
      text,
      now,
      source: 'whatsapp',
      messageId: `wamid.plan.${++msg}`,
      publicUrl: 'https://equilibrai.test',
    }),
  ).then((r) => r.reply)

async function bills(userId: string) {
  const { rows } = await db.query<{
    description: string
    due_on: string
    recurrence: string
    paid_on: string | null
  }>(
    `select b.description, b.due_on, b.recurrence, b.paid_on from bills b
       join ledgers l on l.id = b.ledger_id where l.owner_user_id = $1 order by b.id`,
    [userId],
  )
  return rows
}

async function entries(userId: string) {
  const { rows } = await db.query<{ amount_cents: number; category: string; occurred_on: string }>(
    `select t.amount_cents, t.category, t.occurred_on from transactions t
       join ledgers l on l.id = t.ledger_id where l.owner_user_id = $1 order by t.id`,
    [userId],
  )
  return rows
}

describe('bills by message', () => {
  it('notes a monthly bill, lists what is due and pays it', async () => {
    const u = await insertUser(db, 'free')
    expect(await say(u, 'internet 99,90 todo dia 15')).toBe(
      '🔔 Conta mensal anotada: *internet* de *R$ 99,90*, todo mês; a próxima vence em *15/12*. Eu te lembro na véspera e no dia.',
    )
    await say(u, 'conta de luz 180 vence dia 25')
    await say(u, 'IPVA 1.200 vence 20/01/2027')
    expect(await say(u, 'contas')).toBe(
      [
        '🧾 *Contas a pagar (próximos 30 dias)*',
        '• conta de luz R$ 180,00 — vence 25/11',
        '• internet R$ 99,90 — vence 15/12',
        'Total: *R$ 279,90*',
        'Pagou? Mande *paguei a <conta>* (ex.: *paguei a luz*).',
      ].join('\n'),
    )
    expect(await say(u, 'paguei a luz')).toBe(
      '✅ *conta de luz* marcada como paga.\nGasto de R$ 180,00 registrado.',
    )
    expect(await say(u, 'paguei a internet 105')).toBe(
      '✅ *internet* marcada como paga.\nGasto de R$ 105,00 registrado.\nPróxima: 15/01.',
    )
    expect(await entries(u)).toEqual([
      { amount_cents: 18_000, category: 'contas_casa', occurred_on: '2026-11-18' },
      { amount_cents: 10_500, category: 'contas_casa', occurred_on: '2026-11-18' },
    ])
    expect(await bills(u)).toEqual([
      {
        description: 'internet',
        due_on: '2026-12-15',
        recurrence: 'monthly',
        paid_on: '2026-11-18',
      },
      {
        description: 'conta de luz',
        due_on: '2026-11-25',
        recurrence: 'none',
        paid_on: '2026-11-18',
      },
      { description: 'ipva', due_on: '2027-01-20', recurrence: 'none', paid_on: null },
      { description: 'internet', due_on: '2027-01-15', recurrence: 'monthly', paid_on: null },
    ])
  })

  it('"paguei …" that names no bill is an ordinary entry, or says so', async () => {
    const u = await insertUser(db, 'pf_simples')
    await say(u, 'paguei 50 no mercado')
    expect(await entries(u)).toEqual([
      { amount_cents: 5_000, category: 'mercado', occurred_on: '2026-11-18' },
    ])
    expect(await say(u, 'paguei a água')).toBe(
      'Não encontrei conta em aberto com "agua". Mande *contas* para ver as suas.',
    )
  })
})

describe('recurring entries by message', () => {
  it('adds, lists and cancels', async () => {
    const u = await insertUser(db, 'free')
    expect(await say(u, 'salário 4.500 todo dia 5')).toBe(
      '🔁 Receita fixa anotada: *salário* R$ 4.500,00 todo dia 5. O próximo entra sozinho em *05/12*.\nPara ver ou cancelar: *recorrentes*.',
    )
    await say(u, 'aluguel 1.500 todo mês dia 10')
    expect(await say(u, 'recorrentes')).toBe(
      [
        '🔁 *Lançamentos recorrentes*',
        '1. salário +R$ 4.500,00 — todo dia 5 (próximo 05/12)',
        '2. aluguel -R$ 1.500,00 — todo dia 10 (próximo 10/12)',
        'Para cancelar: *cancelar recorrente 1*.',
      ].join('\n'),
    )
    expect(await say(u, 'cancelar recorrente 2')).toBe(
      '🛑 Recorrente *aluguel* cancelado. Os lançamentos já feitos continuam.',
    )
    expect(await say(u, 'cancelar recorrente 5')).toBe(
      'Não achei o recorrente 5. Mande *recorrentes* para ver a lista.',
    )
    expect(await say(u, 'recorrentes')).toContain('1. salário')
    expect(await entries(u)).toEqual([])
  })
})

describe('budgets by message', () => {
  it('sets a budget and shows the bars (Pessoa Física)', async () => {
    const u = await insertUser(db, 'pf_simples')
    await say(u, 'gastei 200 no mercado')
    expect(await say(u, 'orçamento mercado 800')).toBe(
      '🎯 Orçamento de *Mercado*: R$ 800,00 por mês (a partir de novembro de 2026).\nGasto até agora: R$ 200,00\n▓▓░░░░░░░░ 25%\nEu aviso quando passar de 80% e de 100%.',
    )
    await say(u, 'gastei 500 no mercado')
    expect(await say(u, 'orçamentos')).toBe(
      '🎯 *Orçamentos de novembro de 2026*\n*Mercado*: R$ 700,00 de R$ 800,00\n▓▓▓▓▓▓▓▓░░ 87% ⚠️',
    )
    const { rows } = await db.query(
      `select a.kind from alerts a join ledgers l on l.id = a.ledger_id where l.owner_user_id = $1`,
      [u],
    )
    expect(rows).toEqual([{ kind: 'budget_80' }])
    expect(await say(u, 'apagar orçamento mercado')).toBe(
      'Orçamento de *Mercado* removido a partir deste mês.',
    )
    expect(await say(u, 'orçamentos')).toContain('Você ainda não tem orçamentos')
  })

  it('answers the upsell on the free plan', async () => {
    const u = await insertUser(db, 'free')
    for (const text of ['orçamento mercado 800', 'orçamentos']) {
      const reply = await say(u, text)
      expect(reply).toContain('Os alertas de orçamento não fazem parte do seu plano.')
      expect(reply).toContain('*Pessoa Física*')
      expect(reply).toContain('https://equilibrai.test/dashboard#planos')
    }
  })
})

describe('alert settings by message', () => {
  it('"parar alertas" turns the three alert kinds off and "voltar alertas" on', async () => {
    const u = await insertUser(db, 'pf_simples')
    expect(await say(u, 'parar alertas')).toContain('Alertas desligados')
    expect(await getNotificationSettings(db, { userId: u })).toEqual({
      bill_reminders: false,
      budget_alerts: false,
      high_spending_alerts: false,
      weekly_report: true,
      monthly_report: true,
    })
    expect(await say(u, 'voltar alertas')).toContain('Alertas ligados')
    expect(Object.values(await getNotificationSettings(db, { userId: u }))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ])
    await say(u, 'parar lembretes')
    expect((await getNotificationSettings(db, { userId: u })).bill_reminders).toBe(false)
    expect((await getNotificationSettings(db, { userId: u })).budget_alerts).toBe(true)
  })
})
