import { PENDING_WINDOW_MS } from '@equilibrai/assistant'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../../test/ledger-fixtures.ts'
import { createTestDatabase } from '../../test/test-server.ts'
import type { Database, Db } from '../platform/db/database.ts'
import { withTransaction } from '../platform/db/transaction.ts'
import { handleMessage } from './assistant-service.ts'
import { removeEntry } from '../ledger/entries.ts'
import { ledgerForUser } from '../tenancy/ledgers.queries.ts'
import { getUsage } from '../ledger/monthly-limit.ts'

/*
 * Issue 11 on a real database: several items in one message, purchases in installments,
 * questions that wait only for the very next message, and messages that record nothing.
 */

let database: Database
let db: Db
beforeAll(async () => {
  database = await createTestDatabase()
  db = database.pool
})
afterAll(() => database?.close())

// A Wednesday, 18/11/2026, at noon in São Paulo.
const NOW = new Date('2026-11-18T15:00:00Z')
const PUBLIC_URL = 'https://equilibrai.test'
const minutes = (n: number) => new Date(NOW.getTime() + n * 60 * 1000)

let msg = 0
function say(userId: string, text: string, now = NOW) {
  return withTransaction(db, (tx) =>
    handleMessage(tx, {
      userId,
      text,
      now,
      source: 'whatsapp',
      messageId: `wamid.b${++msg}`,
      publicUrl: PUBLIC_URL,
    }),
  )
}

type Row = {
  id: number
  description: string
  amount_cents: number
  category: string
  occurred_on: string
  whatsapp_message_id: string | null
  installment_number: number | null
}
async function entries(userId: string): Promise<Row[]> {
  const { rows } = await db.query<Row>(
    `select t.id, t.description, t.amount_cents, t.category, t.occurred_on,
            t.whatsapp_message_id, t.installment_number
       from transactions t join ledgers l on l.id = t.ledger_id
      where l.owner_user_id = $1 order by t.id`,
    [userId],
  )
  return rows
}

describe('several items in one message', () => {
  it('records each item as its own entry in one reply, and desfazer undoes the message', async () => {
    const u = await insertUser(db, 'pf_simples')
    const { decision, reply } = await say(u, 'uber 20 e ifood 40')
    expect(decision.kind).toBe('entries')
    expect(reply).toContain('Anotei 2 lançamentos')
    const rows = await entries(u)
    expect(rows.map((r) => [r.description, r.amount_cents, r.category])).toEqual([
      ['uber', 2000, 'transporte'],
      ['ifood', 4000, 'alimentacao'],
    ])
    // The message id is unique: the first item carries it.
    expect(rows[0]?.whatsapp_message_id).toMatch(/^wamid\./)
    expect(rows[1]?.whatsapp_message_id).toBeNull()
    await say(u, 'padaria 9')
    expect((await say(u, 'desfazer')).reply).toContain('padaria')
    // Two entries at once: asked first (issue 24), removed on 'sim'.
    const asked = await say(u, 'desfazer')
    expect(asked.reply).toContain('Desfazer os 2 lançamentos')
    expect(await entries(u)).toHaveLength(2)
    const undone = await say(u, 'sim')
    expect(undone.reply).toContain('Apaguei 2 lançamentos')
    expect(await entries(u)).toEqual([])
  })

  it('on the free plan records the items that fit and says which did not', async () => {
    const u = await insertUser(db, 'free')
    for (let i = 1; i <= 4; i++) await say(u, `mercado ${i}`)
    const { reply } = await say(u, 'luz 150, água 80, internet 100')
    expect(reply).toContain('Anotei 1 de 3')
    expect(reply).toContain('2 itens não foram registrados')
    expect(await entries(u)).toHaveLength(5)
  })
})

describe('installments', () => {
  it('records the first now and the rest on the same day of the next months, labelled', async () => {
    const u = await insertUser(db, 'pf_simples')
    const { decision, reply } = await say(u, 'comprei uma TV de 2.400 em 12x')
    expect(decision.kind).toBe('installments')
    expect(reply).toContain('em 12x')
    const rows = await entries(u)
    expect(rows).toHaveLength(12)
    expect(rows[0]).toMatchObject({
      description: 'tv (1/12)',
      amount_cents: 20000,
      category: 'compras',
      occurred_on: '2026-11-18',
      installment_number: 1,
    })
    expect(rows[11]).toMatchObject({ description: 'tv (12/12)', occurred_on: '2027-10-18' })
    // Each counts in its own month.
    const { rows: months } = await db.query(
      `select to_char(month, 'YYYY-MM') as month, total_cents from ledger_month_totals m
        join ledgers l on l.id = m.ledger_id where l.owner_user_id = $1 order by month`,
      [u],
    )
    expect(months).toHaveLength(12)
    expect(months[1]).toEqual({ month: '2026-12', total_cents: 20000 })
  })

  it('keeps the centavos exact and falls on the last day of shorter months', async () => {
    const u = await insertUser(db, 'pf_simples')
    await say(u, 'geladeira 1.000 em 3x', new Date('2027-01-31T15:00:00Z'))
    const rows = await entries(u)
    expect(rows.map((r) => [r.amount_cents, r.occurred_on])).toEqual([
      [33334, '2027-01-31'],
      [33333, '2027-02-28'],
      [33333, '2027-03-31'],
    ])
  })

  it("'cancelar parcelas' removes only the installments still to come", async () => {
    const u = await insertUser(db, 'pf_simples')
    await say(u, 'parcelei 1.200 em 6 vezes')
    await say(u, 'mercado 50')
    const { reply } = await say(u, 'cancelar parcelas')
    expect(reply).toContain('Cancelei 5 parcelas futuras')
    const rows = await entries(u)
    expect(rows.map((r) => r.description)).toEqual(['compra parcelada (1/6)', 'mercado'])
    expect((await say(u, 'cancelar parcelas')).reply).toMatch(/Não encontrei parcelas/)
  })

  it('a purchase takes one slot now; a later installment takes one of its own month', async () => {
    const u = await insertUser(db, 'free')
    await say(u, '3x de 100 na loja')
    const ledger = await ledgerForUser(db, { userId: u })
    expect((await getUsage(db, { ownerId: u })).used).toBe(1)
    // Time moves to the month of installment 2: it was recorded in an earlier month.
    const [, second] = await entries(u)
    if (!second) throw new Error('no second installment')
    await db.query(
      `update transactions set occurred_on = (now() at time zone 'America/Sao_Paulo')::date,
              created_at = now() - interval '40 days' where id = $1`,
      [second.id],
    )
    await db.query(
      `update subscribers set counter_month = to_char(now() - interval '40 days', 'YYYY-MM')
        where user_id = $1`,
      [u],
    )
    expect((await getUsage(db, { ownerId: u })).used).toBe(1)
    expect((await say(u, 'padaria 8')).reply).toContain('Você usou 2 de 5')
    await withTransaction(db, (tx) => removeEntry(tx, { ledger, id: second.id }))
    expect((await getUsage(db, { ownerId: u })).used).toBe(1)
  })

  it('changes the category of the whole purchase, and will not correct one installment', async () => {
    const u = await insertUser(db, 'pf_simples')
    await say(u, 'notebook 3.000 em 3x')
    await say(u, 'mudar categoria do último para educação')
    expect(new Set((await entries(u)).map((r) => r.category))).toEqual(new Set(['educacao']))
    expect((await say(u, 'corrigir último para 55')).reply).toMatch(/é uma parcela/)
    expect((await entries(u)).map((r) => r.amount_cents)).toEqual([100000, 100000, 100000])
  })

  it('refuses the whole purchase when the month is full', async () => {
    const u = await insertUser(db, 'free')
    for (let i = 1; i <= 5; i++) await say(u, `mercado ${i}`)
    const { reply } = await say(u, 'tv 2.000 em 10x')
    expect(reply).toMatch(/limite/)
    expect(await entries(u)).toHaveLength(5)
  })
})

describe('pending questions wait for the very next message only', () => {
  it("a date still to come asks, and 'sim' right after records it today", async () => {
    const u = await insertUser(db, 'pf_simples')
    const ask = await say(u, 'mercado 200 amanhã')
    expect(ask.decision.kind).toBe('confirm_date')
    expect(ask.reply).toContain('Foi hoje?')
    expect(await entries(u)).toEqual([])
    await say(u, 'sim', minutes(1))
    expect((await entries(u)).map((r) => [r.amount_cents, r.occurred_on])).toEqual([
      [20000, '2026-11-18'],
    ])
  })

  it('any other message drops the question: a later ok records nothing', async () => {
    const u = await insertUser(db, 'pf_simples')
    await say(u, 'recebi 2 milhões de herança')
    await say(u, 'saldo', minutes(1))
    await say(u, 'qual a previsão do tempo', minutes(2))
    expect((await say(u, 'ok', minutes(3))).reply).toMatch(/Não há nada esperando/)
    await say(u, 'farmácia 60 dia 20/12/2026', minutes(4))
    await say(u, 'bom dia', minutes(5))
    expect((await say(u, 'sim', minutes(6))).reply).toMatch(/Não há nada esperando/)
    expect(await entries(u)).toEqual([])
  })

  it('a yes after the window means nothing', async () => {
    const u = await insertUser(db, 'pf_simples')
    await say(u, 'recebi 2 milhões de herança')
    const late = new Date(NOW.getTime() + PENDING_WINDOW_MS + 1000)
    expect((await say(u, 'sim', late)).reply).toMatch(/Não há nada esperando/)
    expect(await entries(u)).toEqual([])
  })
})

describe('messages that are not entries', () => {
  it('records nothing for questions, plans, sums and identifiers, and answers known questions', async () => {
    const u = await insertUser(db, 'pf_simples')
    for (const text of [
      'quanto é 10% de 300?',
      'será que dá pra gastar 200 no mercado?',
      'se eu gastar 300 no mercado sobra?',
      'vou gastar 150 no mercado',
      'quero juntar 5 mil',
      'amanhã pago a luz 180',
      '120 + 45 + 30',
      'NF 001.234.567',
      'pedido 123.456',
      'cpf 529.982.247-25',
      'o jogo foi 3 a 1',
      'nasci em 1990',
    ]) {
      const { reply } = await say(u, text)
      expect(reply, text).not.toMatch(/anotad|Anotei/)
    }
    expect(await entries(u)).toEqual([])
    expect((await say(u, 'qto tenho')).decision.kind).toBe('balance')
  })
})
