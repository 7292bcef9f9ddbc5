import { replies } from '@equilibrai/assistant'
import { beforeAll, describe, expect, it } from 'vitest'
import { processInbound } from '../src/assistant/index.ts'
import { recordEntry } from '../src/ledger/index.ts'
import { type NewInbound, receive } from '../src/messaging/inbox.ts'
import { linkNumber } from '../src/messaging/links.queries.ts'
import type { Db } from '../src/platform/db/database.ts'
import { withTransaction } from '../src/platform/db/transaction.ts'
import { createLogger } from '../src/platform/logger.ts'
import { ownLedger } from '../src/tenancy/index.ts'
import { insertUser } from './ledger-fixtures.ts'
import { statementsDuring } from './statements-during.ts'
import { testEnv } from './test-server.ts'
import { useTestDatabase } from './use-test-database.ts'

/*
 * ADR 024, 2026-11-26 late: a batch of WhatsApp messages claims its entries' monthly slots in
 * one statement and inserts them in one. The plan's limit stays exact: each person gets the
 * answer they would get one message at a time — the count after their entry, or the limit's
 * reply — and every counter equals the month's entries, also for a person who crosses the
 * limit in the middle of the batch (one person writing from two channels).
 */

const database = useTestDatabase()
let db: Db
let limit = 0
beforeAll(async () => {
  db = database.pool
  const { rows } = await db.query<{ max: number }>(
    `select max_monthly_transactions as max from plan_features where plan_type = 'free'`,
  )
  limit = rows[0]?.max ?? 0
})

const env = testEnv()
const deps = () => ({ db, env, log: createLogger('silent') })

let nextNumber = 0
let nextMessage = 0

/** A person on `plan` with `recorded` entries this month already, and their linked number. */
async function person(plan: string, recorded: number) {
  const userId = await insertUser(db, plan)
  const ledger = await ownLedger(db, { userId })
  for (let i = 0; i < recorded; i++) {
    await withTransaction(db, (tx) =>
      recordEntry(tx, {
        ledger,
        userId,
        source: 'web',
        entry: {
          type: 'expense',
          amount_cents: 100 + i,
          description: 'antes',
          category: 'outros',
          occurred_on: new Date().toISOString().slice(0, 10),
        },
      }),
    )
  }
  const waId = `5541987650${String(nextNumber++).padStart(3, '0')}`
  await linkNumber(db, { userId, waId })
  return { userId, waId }
}

function whatsapp(waId: string, body: string, sentAt: Date): NewInbound {
  return {
    messageId: `wamid.limit.${nextMessage++}`,
    channel: 'whatsapp',
    waId,
    type: 'text',
    payload: { text: { body } },
    sentAt,
  }
}

function simulator(userId: string, body: string, sentAt: Date): NewInbound {
  return {
    messageId: `sim.limit.${nextMessage++}`,
    channel: 'simulator',
    waId: `sim:${userId}`,
    userId,
    type: 'text',
    payload: { text: { body } },
    sentAt,
  }
}

/** The reply queued for each message id, as text. */
async function repliesFor(messageIds: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ key: string; body: string }>(
    `select idempotency_key as key, coalesce(payload ->> 'text', payload #>> '{message,text}') as body
       from whatsapp_outbound where idempotency_key = any($1)`,
    [messageIds.map((m) => `${m}:reply`)],
  )
  const byKey = new Map(rows.map((r) => [r.key, r.body]))
  return messageIds.map((m) => byKey.get(`${m}:reply`) ?? '(sem resposta)')
}

/** The counter and the entries recorded this month, per person. */
async function counts(userIds: readonly string[]) {
  const { rows } = await db.query<{ user_id: string; counter: number; entries: number }>(
    `select s.user_id, s.monthly_transactions as counter,
            (select count(*)::int from transactions t join ledgers l on l.id = t.ledger_id
              where l.owner_user_id = s.user_id
                and date_trunc('month', t.created_at at time zone 'America/Sao_Paulo')
                  = date_trunc('month', now() at time zone 'America/Sao_Paulo')) as entries
       from subscribers s where s.user_id = any($1)`,
    [userIds],
  )
  return userIds.map((id) => {
    const row = rows.find((r) => r.user_id === id)
    return [row?.counter, row?.entries]
  })
}

describe('the monthly limit in a batch of messages', () => {
  it('answers and counts each person as one message at a time would', async () => {
    expect(limit).toBeGreaterThan(1)
    const almost = await person('free', limit - 1)
    const full = await person('free', limit)
    const fresh = await person('free', 0)
    // Writes from WhatsApp and from the simulator at once: the second message crosses the limit.
    const twoChannels = await person('free', limit - 1)
    const unlimited = await person('pf_simples', limit + 2)
    const sent = new Date(Date.now() - 60_000)
    const later = new Date(sent.getTime() + 1_000)
    const messages = [
      whatsapp(almost.waId, 'uber 10', sent),
      whatsapp(twoChannels.waId, 'mercado 12', sent),
      whatsapp(full.waId, 'uber 11', sent),
      simulator(twoChannels.userId, 'padaria 9', later),
      whatsapp(fresh.waId, 'uber 13', sent),
      whatsapp(unlimited.waId, 'uber 14', sent),
    ]
    const { stored } = await receive(db, messages)
    await processInbound(deps(), stored[0]?.id ?? 0)

    // One batch took them all.
    const { rows: open } = await db.query(
      'select id from whatsapp_inbound where id = any($1) and processed_at is null',
      [stored.map((s) => s.id)],
    )
    expect(open).toEqual([])
    const limitReply = replies.limitReached({
      max: limit,
      upgradeUrl: `${env.PUBLIC_URL}/dashboard`,
    })
    const answers = await repliesFor(messages.map((m) => m.messageId))
    expect(answers[0]).toContain(`${limit} de ${limit} lançamentos`)
    expect(answers[1]).toContain(`${limit} de ${limit} lançamentos`)
    expect(answers[2]).toBe(limitReply)
    expect(answers[3]).toBe(limitReply)
    expect(answers[4]).toContain(`1 de ${limit} lançamentos`)
    expect(answers[5]).toContain('anotad')
    expect(answers[5]).not.toContain(' lançamentos')

    expect(
      await counts([almost, full, fresh, twoChannels, unlimited].map((p) => p.userId)),
    ).toEqual([
      [limit, limit],
      [limit, limit],
      [1, 1],
      [limit, limit],
      [limit + 3, limit + 3],
    ])
  })

  it("claims a batch's slots in one statement and inserts its entries in one", async () => {
    const counted = async (size: number) => {
      const people = await Promise.all(Array.from({ length: size }, () => person('free', 0)))
      const sent = new Date(Date.now() - 60_000)
      const messages = people.map((p, i) => whatsapp(p.waId, `uber ${i + 5}`, sent))
      const { stored } = await receive(db, messages)
      const statements = await statementsDuring(() => processInbound(deps(), stored[0]?.id ?? 0))
      const answers = await repliesFor(messages.map((m) => m.messageId))
      expect(answers.every((a) => a.includes(`1 de ${limit} lançamentos`))).toBe(true)
      expect(await counts(people.map((p) => p.userId))).toEqual(people.map(() => [1, 1]))
      return {
        claims: statements.filter((s) => /update subscribers/.test(s)).length,
        inserts: statements.filter((s) => /insert into transactions/.test(s)).length,
      }
    }
    expect(await counted(2)).toEqual({ claims: 1, inserts: 1 })
    expect(await counted(12)).toEqual({ claims: 1, inserts: 1 })
  })
})
