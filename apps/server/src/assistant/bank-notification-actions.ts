import { createHash, randomUUID } from 'node:crypto'
import { type NotificationDecision, replies } from '@equilibrai/assistant'
import { formatBRL, MAX_ENTRY_CENTS, saoPauloDate, saoPauloMonth } from '@equilibrai/shared'
import type pg from 'pg'
import {
  defaultAccount,
  getUsage,
  LimitReachedError,
  listAccounts,
  recordEntry,
  recordLaterInstallment,
} from '../ledger/index.ts'
import type { BatchInput } from './assistant-batch.ts'

/*
 * A forwarded bank notification (ARCHITECTURE §10), read by @equilibrai/assistant, recorded as
 * ONE entry (or one purchase in installments) — open to every plan and counted like any entry.
 * `final 1234` picks the ledger's account with those last digits; a final that matches none goes
 * to the default account and the reply says so. The same notification forwarded twice records
 * once: bank_notifications (migration 022) keeps, per ledger, the SHA-256 of its normalized text
 * and the day it is dated.
 */

/** The database's ceiling for one entry (assistant-service's MAX_CONFIRMED_CENTS). */
const MAX_NOTIFICATION_CENTS = 1_000_000_000_000

export const ALREADY_RECORDED =
  'Essa notificação já foi anotada antes; não lancei de novo. Mande *últimos* para ver seus lançamentos.'

export async function recordNotification(
  tx: pg.PoolClient,
  input: BatchInput,
  decision: NotificationDecision,
): Promise<string> {
  const { ledger } = input
  const n = decision.notification
  if (n.amount_cents > MAX_NOTIFICATION_CENTS)
    return `Esse valor é alto demais para um lançamento. O máximo é ${formatBRL(MAX_NOTIFICATION_CENTS)}.`
  // The text and the day it is dated: a notification with no date of its own ('Compra de R$ 8,50
  // APROVADA em CAFÉ…', every morning) is another purchase on another day, the same one today.
  const fingerprint = createHash('sha256')
    .update(`${decision.fingerprint}\n${decision.entry.occurred_on}`)
    .digest()
  const today = saoPauloDate(input.now)
  const { accountId, note } = await accountFor(tx, {
    ledgerId: ledger.ledgerId,
    today,
    digits: n.last_digits,
  })

  // The fingerprint and the entry commit together or not at all (a full month refuses both).
  await tx.query('savepoint bank_notification')
  const claimed = await tx.query(
    `insert into bank_notifications (ledger_id, fingerprint) values ($1, $2)
     on conflict do nothing returning ledger_id`,
    [ledger.ledgerId, fingerprint],
  )
  if (claimed.rowCount === 0) {
    await tx.query('release savepoint bank_notification')
    return ALREADY_RECORDED
  }
  try {
    const reply = decision.plan
      ? await recordPlan(tx, input, decision, accountId)
      : await recordOne(tx, input, decision, accountId)
    await tx.query(
      `update bank_notifications set transaction_id = $3 where ledger_id = $1 and fingerprint = $2`,
      [ledger.ledgerId, fingerprint, reply.transactionId],
    )
    await tx.query('release savepoint bank_notification')
    return note ? `${reply.text}\n${note}` : reply.text
  } catch (error) {
    if (!(error instanceof LimitReachedError)) throw error
    await tx.query('rollback to savepoint bank_notification')
    return replies.limitReached({ max: error.limit, upgradeUrl: `${input.publicUrl}/dashboard` })
  }
}

/** The account a `final 1234` names (an active one), else the default with a note. */
async function accountFor(
  tx: pg.PoolClient,
  { ledgerId, today, digits }: { ledgerId: number; today: string; digits: string | undefined },
): Promise<{ accountId: number | null; note?: string }> {
  if (!digits) return { accountId: null }
  const accounts = await listAccounts(tx, { ledgerId, today })
  const match = accounts.find((a) => a.last_digits === digits && !a.archived)
  if (match) return { accountId: match.id, note: `💳 Na conta *${match.name}* (final ${digits}).` }
  const fallback = await defaultAccount(tx, { ledgerId, today })
  return {
    accountId: null,
    note: `Não achei cartão com final ${digits} nas suas contas; lancei em *${fallback.name}*. Cadastre o cartão com esse final no painel para os próximos irem direto para ele.`,
  }
}

type Recorded = { text: string; transactionId: number }

async function recordOne(
  tx: pg.PoolClient,
  input: BatchInput,
  decision: NotificationDecision,
  accountId: number | null,
): Promise<Recorded> {
  const recorded = await recordEntry(tx, {
    ledger: input.ledger,
    userId: input.userId,
    entry: decision.entry,
    source: input.source,
    whatsappMessageId: input.source === 'whatsapp' ? input.messageId : null,
    // The bank's own figure: no question before recording a large one.
    confirmedLarge: decision.entry.amount_cents > MAX_ENTRY_CENTS,
    accountId,
  })
  const text = replies.entryRecorded(recorded.entry, {
    monthly: { used: recorded.usage.used, max: recorded.usage.limit },
  })
  return { text, transactionId: recorded.entry.id }
}

/** A purchase in installments, as assistant-batch's recordInstallments, on the card's account. */
async function recordPlan(
  tx: pg.PoolClient,
  input: BatchInput,
  decision: NotificationDecision,
  accountId: number | null,
): Promise<Recorded> {
  const plan = decision.plan
  if (!plan) throw new Error('recordPlan needs a plan')
  const group = randomUUID()
  const thisMonth = saoPauloMonth(input.now)
  let first: number | null = null
  for (const [k, entry] of plan.entries.entries()) {
    const params = {
      ledger: input.ledger,
      userId: input.userId,
      entry,
      source: input.source,
      accountId,
      group: { id: group, installment: { number: k + 1, count: plan.count } },
    }
    if (entry.occurred_on.slice(0, 7) > thisMonth) {
      const later = await recordLaterInstallment(tx, params)
      first ??= later.id
    } else {
      const whatsappMessageId = k === 0 && input.source === 'whatsapp' ? input.messageId : null
      const recorded = await recordEntry(tx, { ...params, whatsappMessageId })
      first ??= recorded.entry.id
    }
  }
  const usage = await getUsage(tx, { ownerId: input.ledger.ownerId })
  const text = replies.installmentsRecorded(plan, {
    monthly: { used: usage.used, max: usage.limit },
  })
  if (first === null) throw new Error('a plan has at least one installment')
  return { text, transactionId: first }
}
