import { beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../../test/ledger-fixtures.ts'
import { useTestDatabase } from '../../test/use-test-database.ts'
import type { Db } from '../platform/db/database.ts'
import { withTransaction } from '../platform/db/transaction.ts'
import { handleMessage } from './assistant-service.ts'

/* Forwarded notifications and the plan's monthly count, on a real database. */

const database = useTestDatabase()
let db: Db
beforeAll(() => {
  db = database.pool
})

const NOW = new Date('2026-11-18T15:00:00Z')
let msg = 0
const say = (userId: string, text: string, now = NOW) =>
  withTransaction(db, (tx) =>
    handleMessage(tx, {
      userId,
      text,
      now,
      source: 'whatsapp',
      messageId: `wamid.bn.${++msg}`,
      publicUrl: 'https://equilibrai.test',
    }),
  )

async function counts(userId: string) {
  const { rows } = await db.query<{ entries: number; notifications: number }>(
    `select (select count(*)::int from transactions t where t.ledger_id = l.id) as entries,
            (select count(*)::int from bank_notifications b where b.ledger_id = l.id) as notifications
       from ledgers l where l.owner_user_id = $1`,
    [userId],
  )
  return rows[0]
}

const PURCHASE =
  'Santander: Compra aprovada no cartao final 9081 valor R$ 42,00 em 16/11 12:31 UBER TRIP.'
const PIX = 'PicPay: Você pagou R$ 25,00 para Maria Eduarda.'

describe('forwarded notifications on the free plan', () => {
  it('are counted like any entry; a refused one keeps no fingerprint and can come again', async () => {
    const u = await insertUser(db, 'free')
    for (let i = 1; i <= 4; i++) await say(u, `mercado ${i}`)
    const fifth = await say(u, PURCHASE)
    expect(fifth.decision.kind).toBe('bank_notification')
    expect(fifth.reply).toContain('Você usou 5 de 5 lançamentos do mês.')
    const sixth = await say(u, PIX)
    expect(sixth.reply).toMatch(/limite de \*5 lançamentos\*/)
    expect(await counts(u)).toEqual({ entries: 5, notifications: 1 })
    // The purchase again is a repeat, not a refused sixth entry.
    expect((await say(u, PURCHASE)).reply).toMatch(/já foi anotada/)
  })

  it('the same notification in two ledgers records in each', async () => {
    const a = await insertUser(db, 'pf_simples')
    const b = await insertUser(db, 'pf_simples')
    await say(a, PIX)
    await say(b, PIX)
    expect(await counts(a)).toEqual({ entries: 1, notifications: 1 })
    expect(await counts(b)).toEqual({ entries: 1, notifications: 1 })
  })

  it('an undated notification is one purchase per day: again today is a repeat, tomorrow a new one', async () => {
    const u = await insertUser(db, 'pf_simples')
    const coffee = 'Compra de R$ 8,50 APROVADA em CAFE DO PONTO para o cartão com final 4821'
    await say(u, coffee)
    expect((await say(u, coffee)).reply).toMatch(/já foi anotada/)
    const tomorrow = new Date(NOW.getTime() + 24 * 3600 * 1000)
    expect((await say(u, coffee, tomorrow)).reply).toMatch(/R\$ 8,50/)
    // A dated one stays one purchase whenever it is forwarded.
    await say(u, PURCHASE)
    expect((await say(u, PURCHASE, tomorrow)).reply).toMatch(/já foi anotada/)
    expect(await counts(u)).toEqual({ entries: 3, notifications: 3 })
  })
})
