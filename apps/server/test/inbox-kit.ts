import type { NewInbound } from '../src/messaging/inbox.ts'
import { linkNumber } from '../src/messaging/links.queries.ts'
import type { Db } from '../src/platform/db/database.ts'
import { insertUser } from './ledger-fixtures.ts'

/*
 * Messages put straight into the inbox (`receive`), for the tests of the inbound jobs and
 * batches: people with a linked number, their text messages, and a message that cannot be
 * understood; and what came of them, the entries recorded and the replies queued. Each file
 * gives its own prefixes so its numbers and message ids are its own.
 */
export function inboxKit(db: () => Db, { numbers, ids }: { numbers: string; ids: string }) {
  let nextNumber = 0
  let nextMessage = 0
  return {
    async linkedPeople(count: number): Promise<string[]> {
      const people: string[] = []
      for (let i = 0; i < count; i++) {
        const userId = await insertUser(db(), 'pf_simples')
        const waId = `${numbers}${String(nextNumber++).padStart(3, '0')}`
        await linkNumber(db(), { userId, waId })
        people.push(waId)
      }
      return people
    },
    text(waId: string, body: string, sentAt: Date | null = null): NewInbound {
      return {
        messageId: `${ids}.${nextMessage++}`,
        channel: 'whatsapp',
        waId,
        type: 'text',
        payload: { text: { body } },
        sentAt,
      }
    },
    /** A simulator message without its account cannot be understood (processor.ts throws). */
    brokenMessage(waId: string): NewInbound {
      return {
        messageId: `${ids}.${nextMessage++}`,
        channel: 'simulator',
        waId,
        userId: null,
        type: 'text',
        payload: { text: { body: 'uber 9' } },
        sentAt: null,
      }
    },
    /** The entries recorded in these people's ledgers, in the order they were recorded. */
    async entriesOf(waIds: readonly string[]) {
      const { rows } = await db().query<{
        wa_id: string
        description: string
        amount_cents: number
      }>(
        `select w.wa_id, t.description, t.amount_cents
           from transactions t
           join ledgers l on l.id = t.ledger_id
           join whatsapp_links w on w.user_id = l.owner_user_id
          where w.wa_id = any($1) order by t.id`,
        [waIds],
      )
      return rows
    },
    /** How many replies were queued to these numbers. */
    async replyCount(waIds: readonly string[]): Promise<number> {
      const { rows } = await db().query<{ n: number }>(
        'select count(*)::int as n from whatsapp_outbound where wa_id = any($1)',
        [waIds],
      )
      return rows[0]?.n ?? 0
    },
  }
}
