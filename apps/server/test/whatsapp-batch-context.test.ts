import { beforeAll, describe, expect, it } from 'vitest'
import { processInbound } from '../src/assistant/index.ts'
import { type NewInbound, receive } from '../src/messaging/inbox.ts'
import { linkNumber } from '../src/messaging/links.queries.ts'
import type { Db } from '../src/platform/db/database.ts'
import { createLogger } from '../src/platform/logger.ts'
import { ownLedger } from '../src/tenancy/index.ts'
import { insertUser } from './ledger-fixtures.ts'
import { statementsDuring } from './statements-during.ts'
import { testEnv } from './test-server.ts'
import { useTestDatabase } from './use-test-database.ts'

/*
 * ADR 024, "context read once per batch": a batch of WhatsApp messages reads who wrote, the
 * claims, the ledgers, their taught words, pending questions, listeners, accounts and own
 * categories in a few statements for all of them, and stores the replies in one. A later
 * message of the same ledger in the batch still sees what an earlier one changed.
 */

const database = useTestDatabase()
let db: Db
beforeAll(() => {
  db = database.pool
})

const deps = () => ({ db, env: testEnv(), log: createLogger('silent') })

let nextNumber = 0
async function linked(userId: string): Promise<string> {
  const waId = `5531987650${String(nextNumber++).padStart(3, '0')}`
  await linkNumber(db, { userId, waId })
  return waId
}

/** People with their own ledger already (a first message would create it: not steady state). */
async function linkedPeople(count: number): Promise<string[]> {
  const people: string[] = []
  for (let i = 0; i < count; i++) {
    const userId = await insertUser(db, 'pf_simples')
    await ownLedger(db, { userId })
    people.push(await linked(userId))
  }
  return people
}

let nextMessage = 0
function text(waId: string, body: string, sentAt: Date): NewInbound {
  return {
    messageId: `wamid.context.${nextMessage++}`,
    channel: 'whatsapp',
    waId,
    type: 'text',
    payload: { text: { body } },
    sentAt,
  }
}

async function processedWithAttempts(ids: readonly number[]) {
  const { rows } = await db.query<{ processed: boolean; attempts: number }>(
    `select processed_at is not null as processed, attempts from whatsapp_inbound
      where id = any($1) order by id`,
    [ids],
  )
  return rows.map((r) => [r.processed, r.attempts])
}

describe('the context of a batch', () => {
  it('a later message of the same ledger sees a word an earlier one taught in the batch', async () => {
    // A team: the owner on Empresas 2 and a member write into the owner's ledger.
    const owner = await insertUser(db, 'empresas_2')
    const member = await insertUser(db, 'pf_simples')
    const { ledgerId } = await ownLedger(db, { userId: owner })
    const { rows: team } = await db.query<{ id: number }>(
      'insert into teams (owner_user_id, ledger_id) values ($1, $2) returning id',
      [owner, ledgerId],
    )
    await db.query('insert into team_members (team_id, user_id) values ($1, $2)', [
      team[0]?.id,
      member,
    ])
    const ownerPhone = await linked(owner)
    const memberPhone = await linked(member)
    const start = Date.now() - 120_000
    const at = (s: number) => new Date(start + s * 1000)

    // Before: the owner's 'padaria 30' goes where the built-in categoriser puts it.
    const first = await receive(db, [text(ownerPhone, 'padaria 30', at(0))])
    await processInbound(deps(), first.stored[0]?.id ?? 0)
    const categoryOf = async (amount: number) =>
      (
        await db.query<{ category: string; created_by: string }>(
          'select category, created_by from transactions where ledger_id = $1 and amount_cents = $2',
          [ledgerId, amount],
        )
      ).rows
    const before = await categoryOf(3000)
    expect(before).toHaveLength(1)
    expect(before[0]?.category).not.toBe('lazer')

    // One batch: the owner's correction teaches 'padaria' lazer; the member's message, after
    // it in the same batch, records into lazer.
    const { stored } = await receive(db, [
      text(ownerPhone, 'mudar categoria do último para lazer', at(10)),
      text(memberPhone, 'padaria 12', at(11)),
    ])
    await processInbound(deps(), stored[0]?.id ?? 0)
    // Both in that one job's batch, each understood once.
    expect(await processedWithAttempts(stored.map((s) => s.id))).toEqual([
      [true, 1],
      [true, 1],
    ])
    expect(await categoryOf(3000)).toEqual([{ category: 'lazer', created_by: owner }])
    expect(await categoryOf(1200)).toEqual([{ category: 'lazer', created_by: member }])
    // Each reply stored for its message id (a redelivery repeats it).
    const { rows: replies } = await db.query<{ reply: string }>(
      'select reply from assistant_replies where message_id = any($1) order by message_id',
      [stored.map((s) => s.messageId)],
    )
    expect(replies.map((r) => r.reply.length > 0)).toEqual([true, true])
  })

  it('reads the context in the same statements for 2 or 12 people', async () => {
    const countBatch = async (size: number) => {
      const people = await linkedPeople(size)
      const { stored } = await receive(
        db,
        people.map((p, i) => text(p, `uber ${i + 5}`, new Date(Date.now() - 60_000))),
      )
      const counted = await statementsDuring(() => processInbound(deps(), stored[0]?.id ?? 0))
      expect((await processedWithAttempts(stored.map((s) => s.id))).every((r) => r[0])).toBe(true)
      const count = (pattern: RegExp) => counted.filter((c) => pattern.test(c)).length
      return {
        total: counted.length,
        links: count(/whatsapp_links/),
        words: count(/learned_category_words/),
        accounts: count(/join accounts a/),
        categories: count(/from custom_categories/),
        replies: count(/^\s*update assistant_replies/),
      }
    }
    const small = await countBatch(2)
    const large = await countBatch(12)
    for (const batch of [small, large]) {
      expect(batch).toMatchObject({ links: 1, words: 1, accounts: 1, categories: 1, replies: 1 })
    }
    // What each message still costs on its own: its monthly counter and its entry (and the
    // alerts' check when the plan has them), not the context's reads.
    const perMessage = (large.total - small.total) / 10
    expect(perMessage).toBeLessThanOrEqual(2)
  })
})
