import { beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../../test/ledger-fixtures.ts'
import { testEnv } from '../../test/test-server.ts'
import { useTestDatabase } from '../../test/use-test-database.ts'
import { deliverAlert } from '../alerts/alerts.ts'
import { createAccount, defaultAccount, payCardBill, recordEntry } from '../ledger/index.ts'
import { linkNumber } from '../messaging/links.queries.ts'
import { updateNotificationSettings } from '../messaging/notification-settings.queries.ts'
import type { Db } from '../platform/db/database.ts'
import { withTransaction } from '../platform/db/transaction.ts'
import type { Env } from '../platform/env.ts'
import { ledgerForUser } from '../tenancy/ledgers.queries.ts'
import { sendCardBillReminders } from './card-bill-reminders.ts'

/*
 * A credit card's bill reminder against a real database: the day before and on the due day,
 * with what is left of the bill (ARCHITECTURE §9), once each however often the job runs; none
 * for a paid bill, an archived card or a person who turned bill reminders off.
 */
const database = useTestDatabase()
let db: Db
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

let nextNumber = 5511987652100
/** A linked person with a card closing on `closing` and due on `due`, and their ledger. */
async function personWithCard(closing: number, due: number, name = 'Nubank') {
  const userId = await insertUser(db)
  await linkNumber(db, { userId, waId: String(nextNumber++) })
  const { ledgerId } = await ledgerForUser(db, { userId })
  const card = await createAccount(db, {
    ledgerId,
    input: { name, kind: 'credit_card', closing_day: closing, due_day: due },
  })
  return { userId, ledgerId, cardId: card.id }
}

async function spend(
  p: { userId: string; ledgerId: number },
  accountId: number,
  cents: number,
  on: string,
) {
  await withTransaction(db, (tx) =>
    recordEntry(tx, {
      ledger: { ledgerId: p.ledgerId, ownerId: p.userId },
      userId: p.userId,
      accountId,
      entry: {
        type: 'expense',
        amount_cents: cents,
        description: 'compra',
        category: 'compras',
        occurred_on: on,
      },
      source: 'web',
    }),
  )
}

/** Alerts already handed to their delivery (what the alert_notify jobs would have done). */
const delivered = new Set<number>()
async function run(at: Date) {
  const result = await sendCardBillReminders(db, env, at)
  const { rows } = await db.query<{ id: number }>('select id from alerts order by id')
  for (const { id } of rows) {
    if (delivered.has(id)) continue
    delivered.add(id)
    await deliverAlert(db, env, id)
  }
  return result
}

async function textsFor(userId: string): Promise<string[]> {
  const { rows } = await db.query<{ text: string }>(
    `select payload->'message'->>'text' as text from whatsapp_outbound
      where user_id = $1 order by id`,
    [userId],
  )
  return rows.map((r) => r.text)
}

describe('sendCardBillReminders', () => {
  it('reminds the day before and on the due day with what is left of the bill, once each', async () => {
    // Closes on the 3rd, due on the 10th: December's bill holds Nov 4 – Dec 3.
    const p = await personWithCard(3, 10)
    await spend(p, p.cardId, 45_000, '2026-11-20')
    await spend(p, p.cardId, 80_000, '2026-12-02')
    await spend(p, p.cardId, 9_990, '2026-12-05') // January's bill: not in this reminder

    const eve = new Date('2026-12-09T12:00:00Z')
    expect(await run(eve)).toEqual({ sent: 1, skipped: 0 })
    expect(await run(eve)).toEqual({ sent: 0, skipped: 0 })
    await run(new Date('2026-12-10T12:00:00Z'))

    expect(await textsFor(p.userId)).toEqual([
      '⏰ Lembrete: *fatura do Nubank* de R$ 1.250,00 vence amanhã (10/12).',
      '⏰ Lembrete: *fatura do Nubank* de R$ 1.250,00 vence hoje (10/12).',
    ])
  })

  it('says what is left after a partial payment, and nothing once the bill is paid', async () => {
    const p = await personWithCard(3, 10, 'Itaú Visa')
    await spend(p, p.cardId, 100_000, '2026-11-25')
    const main = await defaultAccount(db, { ledgerId: p.ledgerId })
    const pay = (amountCents?: number) =>
      withTransaction(db, (tx) =>
        payCardBill(tx, {
          ledgerId: p.ledgerId,
          accountId: p.cardId,
          month: '2026-12',
          fromAccountId: main.id,
          ...(amountCents ? { amountCents } : {}),
          createdBy: p.userId,
          source: 'web',
          today: '2026-12-05',
        }),
      )
    await pay(40_000)
    await run(new Date('2026-12-09T12:00:00Z'))
    expect(await textsFor(p.userId)).toEqual([
      '⏰ Lembrete: *fatura do Itaú Visa* de R$ 600,00 vence amanhã (10/12).',
    ])
    await pay()
    await run(new Date('2026-12-10T12:00:00Z'))
    expect(await textsFor(p.userId)).toHaveLength(1)
  })

  it('takes a due day past the month’s end as its last day, and a due day before the closing day as the next month', async () => {
    // Closes on the 25th, due on the 5th of the next month; February has no 31st.
    const early = await personWithCard(25, 5, 'Inter')
    await spend(early, early.cardId, 5_000, '2026-12-20')
    await run(new Date('2027-01-04T12:00:00Z'))
    expect(await textsFor(early.userId)).toEqual([
      '⏰ Lembrete: *fatura do Inter* de R$ 50,00 vence amanhã (05/01).',
    ])

    const late = await personWithCard(20, 31, 'C6')
    await spend(late, late.cardId, 7_000, '2027-02-10')
    await run(new Date('2027-02-28T12:00:00Z'))
    expect(await textsFor(late.userId)).toEqual([
      '⏰ Lembrete: *fatura do C6* de R$ 70,00 vence hoje (28/02).',
    ])
  })

  it('skips archived cards, empty bills and people who turned bill reminders off', async () => {
    const archived = await personWithCard(3, 10, 'Antigo')
    await spend(archived, archived.cardId, 1_000, '2026-11-20')
    await db.query('update accounts set archived = true where id = $1', [archived.cardId])

    const empty = await personWithCard(3, 10, 'Vazio')

    const quiet = await personWithCard(3, 10, 'Quieto')
    await spend(quiet, quiet.cardId, 1_000, '2026-11-20')
    await updateNotificationSettings(db, { userId: quiet.userId, patch: { bill_reminders: false } })

    await run(new Date('2026-12-09T12:00:00Z'))
    for (const p of [archived, empty, quiet]) expect(await textsFor(p.userId)).toEqual([])
  })
})
