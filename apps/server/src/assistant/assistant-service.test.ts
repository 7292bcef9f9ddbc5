import { hasControlCharacters } from '@equilibrai/shared'
import { beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../../test/ledger-fixtures.ts'
import { useTestDatabase } from '../../test/use-test-database.ts'
import type { Db } from '../platform/db/database.ts'
import { withTransaction } from '../platform/db/transaction.ts'
import { handleMessage } from './assistant-service.ts'

/*
 * The assistant's actions end to end on a real database: what WhatsApp, the simulator and the
 * CLI all go through.
 */

const database = useTestDatabase()
let db: Db
beforeAll(() => {
  db = database.pool
})

// A Wednesday, 18/11/2026, at noon in São Paulo.
const NOW = new Date('2026-11-18T15:00:00Z')
const PUBLIC_URL = 'https://equilibrai.test'

const newUser = (plan = 'pf_simples') => insertUser(db, plan)

let msg = 0
function say(userId: string, text: string, options: { messageId?: string; now?: Date } = {}) {
  const messageId = options.messageId ?? `wamid.${++msg}`
  return withTransaction(db, (tx) =>
    handleMessage(tx, {
      userId,
      text,
      now: options.now ?? NOW,
      source: 'whatsapp',
      messageId,
      publicUrl: PUBLIC_URL,
    }),
  )
}

type Row = {
  description: string
  amount_cents: number
  category: string
  type: string
  occurred_on: string
  source: string
  whatsapp_message_id: string | null
}
async function entries(userId: string): Promise<Row[]> {
  const { rows } = await db.query<Row>(
    `select t.description, t.amount_cents, t.category, t.type, t.occurred_on, t.source,
            t.whatsapp_message_id
       from transactions t join ledgers l on l.id = t.ledger_id
      where l.owner_user_id = $1 order by t.id`,
    [userId],
  )
  return rows
}

describe('recording from a message', () => {
  it('records an expense, confirms it and says how to undo', async () => {
    const u = await newUser()
    const { reply, decision } = await say(u, 'gastei 45,90 no mercado', { messageId: 'wamid.A' })
    expect(decision.kind).toBe('entry')
    expect(reply).toContain('R$ 45,90')
    expect(reply).toContain('desfazer')
    expect(await entries(u)).toEqual([
      {
        description: 'mercado',
        amount_cents: 4590,
        category: 'mercado',
        type: 'expense',
        occurred_on: '2026-11-18',
        source: 'whatsapp',
        whatsapp_message_id: 'wamid.A',
      },
    ])
  })

  it('resolves relative dates from the message time', async () => {
    const u = await newUser()
    await say(u, 'uber 23,50 ontem')
    expect((await entries(u))[0]?.occurred_on).toBe('2026-11-17')
  })

  it('records the same message id once, even twice at the same instant', async () => {
    const u = await newUser()
    const first = await say(u, 'recebi 3.000 de salário', { messageId: 'wamid.dup' })
    const again = await say(u, 'recebi 3.000 de salário', { messageId: 'wamid.dup' })
    expect(again.duplicate).toBe(true)
    expect(again.reply).toBe(first.reply)
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => say(u, 'padaria 12', { messageId: 'wamid.race' })),
    )
    expect(racing.filter((r) => !r.duplicate)).toHaveLength(1)
    expect(new Set(racing.map((r) => r.reply)).size).toBe(1)
    expect((await entries(u)).map((e) => e.description)).toEqual(['salário', 'padaria'])
  })

  it('records nothing for what it does not understand, and helps', async () => {
    const u = await newUser()
    expect((await say(u, 'kkkkk')).reply).toMatch(/Não entendi/)
    expect((await say(u, 'oi')).reply).toMatch(/gastei 45,90 no mercado/)
    expect((await say(u, 'gastei no mercado')).reply).toMatch(/Faltou o valor/)
    expect(await entries(u)).toEqual([])
  })
})

describe('undo, delete, correct', () => {
  it('undoes the last entry, then the one before, then says there is none', async () => {
    const u = await newUser()
    await say(u, 'mercado 10')
    await say(u, 'farmácia 20')
    expect((await say(u, 'desfazer')).reply).toMatch(/Desfeito.*R\$ 20,00/)
    expect((await say(u, 'apagar último')).reply).toMatch(/R\$ 10,00/)
    expect((await say(u, 'desfazer')).reply).toBe('Não há lançamento para desfazer.')
    expect(await entries(u)).toEqual([])
  })

  it("'apagar N' deletes number N of the list the person saw, even after new entries", async () => {
    const u = await newUser()
    for (const t of ['mercado 1', 'padaria 2', 'uber 3', 'cinema 4']) await say(u, t)
    const list = (await say(u, 'últimos')).reply
    expect(list).toMatch(/1\. .*cinema/)
    expect(list).toMatch(/2\. .*uber/)
    await say(u, 'farmácia 5') // would shift a live numbering by one
    expect((await say(u, 'apagar 2')).reply).toMatch(/Apaguei.*uber/)
    // Same list: number 3 is still padaria; number 2 is gone now.
    expect((await say(u, 'apagar 3')).reply).toMatch(/Apaguei.*padaria/)
    expect((await say(u, 'apagar 2')).reply).toMatch(/Não encontrei o lançamento \*2\*/)
    expect((await say(u, 'apagar 9')).reply).toMatch(/Não encontrei/)
    expect((await entries(u)).map((e) => e.description)).toEqual(['mercado', 'cinema', 'farmácia'])
  })

  it("'apagar 3' redelivered deletes one entry, not two", async () => {
    const u = await newUser()
    for (const t of ['mercado 1', 'padaria 2', 'uber 3', 'cinema 4']) await say(u, t)
    await say(u, 'últimos')
    await say(u, 'apagar 1', { messageId: 'wamid.del' })
    // Without the list: numbering is the current newest-first order.
    await db.query('update assistant_state set recent_at = null where user_id = $1', [u])
    const again = await say(u, 'apagar 1', { messageId: 'wamid.del' })
    expect(again.duplicate).toBe(true)
    expect(await entries(u)).toHaveLength(3)
    await say(u, 'apagar 1')
    expect((await entries(u)).map((e) => e.description)).toEqual(['mercado', 'padaria'])
  })

  it('corrects the amount of the last entry', async () => {
    const u = await newUser()
    await say(u, 'almoço 45')
    expect((await say(u, 'corrigir último para 55')).reply).toMatch(/R\$ 55,00/)
    expect((await entries(u))[0]?.amount_cents).toBe(5500)
    expect((await say(u, 'corrigir ultimo para 2 mil')).reply).toMatch(/R\$ 2\.000,00/)
    expect((await entries(u))[0]?.amount_cents).toBe(200000)
  })

  it('says there is nothing to correct on an empty ledger', async () => {
    const u = await newUser()
    expect((await say(u, 'corrigir último para 55')).reply).toMatch(/Não há lançamento/)
    expect((await say(u, 'mudar categoria do último para lazer')).reply).toMatch(/Não há/)
  })
})

describe('learning categories', () => {
  it("after 'mudar categoria do último para lazer' on 'boliche 80', the next boliche is lazer", async () => {
    const u = await newUser()
    // An unknown word: asked first ('Registrar R$ 80,00 em Outros?'), recorded on 'sim'.
    expect((await say(u, 'boliche 80')).reply).toContain('Registrar *R$ 80,00* em *Outros*?')
    expect(await entries(u)).toEqual([])
    await say(u, 'sim')
    expect((await entries(u))[0]?.category).toBe('outros')
    expect((await say(u, 'mudar categoria do último para lazer')).reply).toMatch(/Lazer/)
    expect((await entries(u))[0]?.category).toBe('lazer')
    await say(u, 'boliche 65')
    expect((await entries(u))[1]?.category).toBe('lazer')
    // Another ledger learned nothing.
    const other = await newUser()
    expect((await say(other, 'boliche 80')).decision.kind).toBe('confirm_entry')
    await say(other, 'sim')
    expect((await entries(other))[0]?.category).toBe('outros')
  })

  it('changing to an income category turns the entry into an income', async () => {
    const u = await newUser()
    await say(u, 'gastei 500 freela do João')
    await say(u, 'mudar categoria do último para serviços')
    expect((await entries(u))[0]).toMatchObject({ type: 'income', category: 'servicos' })
  })
})

describe('large amounts', () => {
  it("asks first, records on 'sim', and only once", async () => {
    const u = await newUser()
    const ask = await say(u, 'comprei um apartamento de 1.500.000')
    expect(ask.decision.kind).toBe('confirm_large')
    expect(ask.reply).toMatch(/Confirma/)
    expect(await entries(u)).toEqual([])
    const yes = await Promise.all([say(u, 'sim'), say(u, 'sim')])
    expect(yes.filter((r) => r.reply.includes('R$ 1.500.000,00'))).toHaveLength(1)
    expect(yes.filter((r) => /Não há nada esperando/.test(r.reply))).toHaveLength(1)
    expect(await entries(u)).toMatchObject([{ amount_cents: 150_000_000, category: 'moradia' }])
    const { rows } = await db.query(
      'select confirmed_large from transactions where amount_cents = $1',
      [150_000_000],
    )
    expect(rows).toEqual([{ confirmed_large: true }])
  })

  it("cancels on 'não', and forgets a question after the window", async () => {
    const u = await newUser()
    await say(u, 'recebi 2 milhões de herança')
    expect((await say(u, 'não')).reply).toMatch(/cancelei/)
    expect((await say(u, 'sim')).reply).toMatch(/Não há nada esperando/)
    await say(u, 'recebi 2 milhões de herança')
    const later = new Date(NOW.getTime() + 16 * 60 * 1000)
    expect((await say(u, 'sim', { now: later })).reply).toMatch(/Não há nada esperando/)
    expect(await entries(u)).toEqual([])
  })
})

describe("the free plan's limit", () => {
  it('refuses the sixth entry of the month with the limit and the upgrade link', async () => {
    const u = await newUser('free')
    for (let i = 1; i <= 5; i++) {
      const { reply } = await say(u, `mercado ${i}`)
      expect(reply).toContain(`Você usou ${i} de 5 lançamentos do mês.`)
    }
    const sixth = await say(u, 'mercado 6')
    expect(sixth.reply).toMatch(/limite de \*5 lançamentos\*/)
    expect(sixth.reply).toContain(`${PUBLIC_URL}/dashboard`)
    expect(await entries(u)).toHaveLength(5)
    // Undo gives the slot back.
    await say(u, 'desfazer')
    expect((await say(u, 'mercado 7')).reply).toMatch(/anotado/)
  })

  it('lets exactly 5 of 20 simultaneous messages record', async () => {
    const u = await newUser('free')
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => say(u, `padaria ${i + 1}`)),
    )
    expect(results.filter((r) => r.reply.includes('anotado'))).toHaveLength(5)
    expect(results.filter((r) => r.reply.includes('limite'))).toHaveLength(15)
    expect(await entries(u)).toHaveLength(5)
    const { rows } = await db.query(
      'select monthly_transactions from subscribers where user_id = $1',
      [u],
    )
    expect(rows).toEqual([{ monthly_transactions: 5 }])
  })
})

describe('queries and bills', () => {
  it('answers saldo, resumo and a category total from the month', async () => {
    const u = await newUser()
    await say(u, 'recebi 3.000 de salário')
    await say(u, 'mercado 200')
    await say(u, 'uber 50')
    await say(u, 'mercado 100 dia 2 de outubro')
    // 'saldo' is each account's balance today (ARCHITECTURE §9); the month's net is 'resumo'.
    const balance = (await say(u, 'saldo')).reply
    expect(balance).toContain('• Conta principal: R$ 2.650,00')
    expect(balance).toContain('Total: *R$ 2.650,00*')
    expect((await say(u, 'resumo')).reply).toContain('Saldo: *R$ 2.750,00*')
    expect((await say(u, 'resumo')).reply).toMatch(/Mercado: R\$ 200,00/)
    expect((await say(u, 'quanto gastei com mercado')).reply).toMatch(/R\$ 200,00.*1 lançamento/)
  })

  it('stores a bill with its next due date', async () => {
    const u = await newUser('free')
    const { reply } = await say(u, 'conta de luz 210 vence dia 12')
    expect(reply).toMatch(/12\/12/)
    const { rows } = await db.query(
      `select b.description, b.amount_cents, b.due_on, b.category from bills b
         join ledgers l on l.id = b.ledger_id where l.owner_user_id = $1`,
      [u],
    )
    expect(rows).toEqual([
      {
        description: 'conta de luz',
        amount_cents: 21000,
        due_on: '2026-12-12',
        category: 'contas_casa',
      },
    ])
    // A bill is a reminder, not an entry: it does not use the month's count.
    const usage = await db.query(
      'select monthly_transactions from subscribers where user_id = $1',
      [u],
    )
    expect(usage.rows[0]).toEqual({ monthly_transactions: 0 })
  })
})

describe('issue 25: terminal control characters in a message', () => {
  it('never reach the entry: the description keeps the words, without the controls', async () => {
    const userId = await newUser()
    await say(userId, 'gastei 12 no \u001b[2J\u001b[31mmercado\u0007 \u202eabc')
    const { rows } = await db.query<{ description: string }>(
      `select t.description from transactions t join ledgers l on l.id = t.ledger_id
        where l.owner_user_id = $1`,
      [userId],
    )
    expect(rows).toHaveLength(1)
    expect(hasControlCharacters(rows[0]?.description ?? '')).toBe(false)
    expect(rows[0]?.description.toLowerCase()).toContain('mercado')
  })
})
