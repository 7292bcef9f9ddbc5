import { enqueueOutboundBatch } from '../src/messaging/sender.ts'
import { templateMessage } from '../src/messaging/templates.ts'
import type { Db } from '../src/platform/db/database.ts'
import { withTransaction } from '../src/platform/db/transaction.ts'

/** A bill reminder template, numbered so each reply of a round reads differently. */
export const reminder = (n: number) =>
  templateMessage('billReminder', [`Conta ${n}`, '10/12', 'R$ 1,00'])

/** One reminder to each of `waIds`, queued in one transaction as a batch's replies are. */
export async function queueReminders(pool: Db, waIds: readonly string[], tag: string) {
  await withTransaction(pool, (tx) =>
    enqueueOutboundBatch(
      tx,
      waIds.map((waId, i) => ({
        idempotencyKey: `${tag}:${waId}`,
        channel: 'whatsapp' as const,
        waId,
        userId: null,
        message: reminder(i),
      })),
    ),
  )
}
