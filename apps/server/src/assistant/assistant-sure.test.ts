import { beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../../test/ledger-fixtures.ts'
import { useTestDatabase } from '../../test/use-test-database.ts'
import type { Db } from '../platform/db/database.ts'
import { withTransaction } from '../platform/db/transaction.ts'
import { handleMessage } from './assistant-service.ts'

/*
 * Issue 24 end to end on a real database: unsure entries are asked with Sim/Não and recorded
 * only on 'sim'; news, negations and numbers that are not money record nothing; 'desfazer'
 * undoes only the last thing, says what, and asks before several entries or an older one;
 * week summaries and the bills due this week.
 */

const database = useTestDatabase()
let db: Db
beforeAll(() => {
  db = database.pool
})

// A Wednesday, 18/11/2026, at noon in São Paulo.
const NOW = new Date('2026-11-18T15:00:00Z')
let msg = 0
function say(userId: string, text: string, now = NOW) {
  return withTransaction(db, (tx) =>
    handleMessage(tx, {
      userId,
      text,
      now,
      source: 'whatsapp',
      messageId: `wamid.sure.${++msg}`,
      publicUrl: 'https://equilibrai.test',
    }),
  )
}

async function entries(userId: string) {
  const { rows } = await db.query<{ description: string; amount_cents: number; category: string }>(
    `select t.description, t.amount_cents, t.category from transactions t
       join ledgers l on l.id = t.ledger_id where l.owner_user_id = $1 order by t.id`,
    [userId],
  )
  return rows
}

/** The instant `minutes` after the user's last entry was recorded (the database's clock). */
async function afterLastEntry(userId: string, minutes: number): Promise<Date> {
  const { rows } = await db.query<{ at: Date }>(
    `select max(t.created_at) + make_interval(mins => $2) as at from transactions t
       join ledgers l on l.id = t.ledger_id where l.owner_user_id = $1`,
    [userId, minutes],
  )
  return rows[0]?.at as Date
}

describe('unsure entries are asked, never recorded silently', () => {
  it("asks 'Registrar R$ 5,00 em Outros?' with buttons and records only on 'sim'", async () => {
    const u = await insertUser(db, 'pf_simples')
    const asked = await say(u, 'flanelinha 5')
    expect(asked.decision.kind).toBe('confirm_entry')
    expect(asked.asks).toBe(true)
    expect(asked.reply).toContain('Registrar *R$ 5,00* em *Outros*?')
    expect(await entries(u)).toEqual([])
    expect((await say(u, 'sim')).reply).toContain('R$ 5,00')
    expect(await entries(u)).toEqual([
      { description: 'flanelinha', amount_cents: 500, category: 'outros' },
    ])
  })

  it("'não' records nothing, and neither does any other next message", async () => {
    const u = await insertUser(db, 'pf_simples')
    await say(u, 'flanelinha 5')
    await say(u, 'não')
    await say(u, 'assento 23')
    await say(u, 'saldo')
    expect((await say(u, 'sim')).reply).toMatch(/nada/i)
    expect(await entries(u)).toEqual([])
  })

  it('a sure entry is recorded at once and sent without buttons', async () => {
    const u = await insertUser(db, 'pf_simples')
    const r = await say(u, 'mercado 45,90')
    expect(r.decision.kind === 'entry' && r.decision.confidence?.level).toBe('sure')
    expect(r.asks).toBe(false)
    expect(await entries(u)).toHaveLength(1)
  })

  it.each([
    'combustível sobe para R$ 6,49',
    'quase gastei 300 na loja',
    'hoje não paguei nem o estacionamento de 15',
    'desisti do celular de 2 mil',
    'minha mãe fez 70',
    'boas festas e feliz 2027',
    'o cartão final 8812',
  ])('records nothing for %s', async (text) => {
    const u = await insertUser(db, 'pf_simples')
    const r = await say(u, text)
    expect(['not_entry', 'not_understood', 'needs_amount', 'confirm_entry']).toContain(
      r.decision.kind,
    )
    await say(u, 'não')
    expect(await entries(u)).toEqual([])
  })
})

describe('desfazer', () => {
  it('undoes only the last entry at once and says exactly what', async () => {
    const u = await insertUser(db, 'pf_simples')
    await say(u, 'mercado 80')
    await say(u, 'uber 23,50')
    const r = await say(u, 'desfazer')
    expect(r.reply).toContain('uber')
    expect(r.reply).toContain('R$ 23,50')
    expect(r.asks).toBe(false)
    expect((await entries(u)).map((e) => e.description)).toEqual(['mercado'])
  })

  it('asks before undoing an entry recorded a while ago; nothing goes until sim', async () => {
    const u = await insertUser(db, 'pf_simples')
    await say(u, 'farmácia 32')
    const later = await afterLastEntry(u, 30)
    const asked = await say(u, 'desfazer', later)
    expect(asked.asks).toBe(true)
    expect(asked.reply).toContain('há 30 minutos')
    expect(asked.reply).toContain('farmácia')
    expect(await entries(u)).toHaveLength(1)
    const kept = await say(u, 'não', later)
    expect(kept.reply).toContain('não apaguei nada')
    expect(await entries(u)).toHaveLength(1)
    await say(u, 'desfazer', later)
    expect((await say(u, 'sim', later)).reply).toContain('farmácia')
    expect(await entries(u)).toEqual([])
  })

  it('asks before undoing a purchase in installments, listing them', async () => {
    const u = await insertUser(db, 'pf_simples')
    await say(u, 'comprei uma tv de 1.200 em 3x')
    const asked = await say(u, 'desfazer')
    expect(asked.asks).toBe(true)
    expect(asked.reply).toContain('Desfazer os 3 lançamentos')
    expect(asked.reply).toContain('(3/3)')
    expect(await entries(u)).toHaveLength(3)
    expect((await say(u, 'sim')).reply).toContain('Apaguei 3 lançamentos')
    expect(await entries(u)).toEqual([])
  })
})

describe('periods', () => {
  it("'quanto gastei semana passada' sums Monday 09/11 to Sunday 15/11 only", async () => {
    const u = await insertUser(db, 'pf_simples')
    await say(u, 'mercado 100 dia 8') // Sunday before: out
    await say(u, 'mercado 40 dia 9') // Monday: in
    await say(u, 'uber 25 dia 15') // Sunday: in
    await say(u, 'farmácia 30 dia 16') // this Monday: out
    const r = await say(u, 'quanto gastei semana passada')
    expect(r.reply).toContain('de 09/11 a 15/11')
    expect(r.reply).toContain('Saídas: R$ 65,00')
  })

  it("'o que vence essa semana?' lists the bills due in the next 7 days", async () => {
    const u = await insertUser(db, 'pf_simples')
    await say(u, 'conta de luz 180 vence dia 20')
    await say(u, 'internet 99,90 vence dia 24')
    await say(u, 'aluguel 1.500 vence dia 30')
    const r = await say(u, 'o que vence essa semana?')
    expect(r.reply).toContain('nesta semana')
    expect(r.reply).toContain('luz')
    expect(r.reply).toContain('internet')
    expect(r.reply).not.toContain('aluguel')
  })
})
