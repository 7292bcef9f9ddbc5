import { randomUUID } from 'node:crypto'
import { type EntryDraft, type InstallmentPlan, replies } from '@equilibrai/assistant'
import { type EntrySource, saoPauloDate, saoPauloMonth, type Transaction } from '@equilibrai/shared'
import type pg from 'pg'
import {
  recordEntry,
  recordLaterInstallment,
  removeEntry,
  futureInstallmentIds,
  lastInstallmentGroup,
  LimitReachedError,
  TransactionNotFoundError,
  getUsage,
} from '../ledger/index.ts'
import type { LedgerRef } from '../tenancy/index.ts'

/*
 * The assistant's actions on several entries at once (ADR 012): the items of one
 * message, the installments of one purchase, undoing a whole message, cancelling the
 * installments still to come. Called from assistant-service.ts inside its transaction.
 */

export type BatchInput = {
  ledger: LedgerRef
  userId: string
  now: Date
  source: EntrySource
  messageId?: string
  publicUrl: string
}

function limitReply(
  input: BatchInput,
  error: LimitReachedError,
  recorded: Transaction[],
  missed: number,
) {
  const limit = { max: error.limit, upgradeUrl: `${input.publicUrl}/dashboard` }
  return recorded.length === 0
    ? replies.limitReached(limit)
    : replies.entriesPartlyRecorded(recorded, missed, limit)
}

/**
 * 'uber 20 e ifood 40': each item its own entry, one group, against the monthly limit one by
 * one. When the limit stops them, the ones recorded stay and the reply says which did not.
 */
export async function recordItems(
  tx: pg.PoolClient,
  input: BatchInput,
  entries: readonly EntryDraft[],
): Promise<string> {
  const group = { id: randomUUID() }
  const recorded: Transaction[] = []
  let usage = { used: 0, limit: -1 }
  for (const [k, entry] of entries.entries()) {
    try {
      const result = await recordEntry(tx, {
        ledger: input.ledger,
        userId: input.userId,
        entry,
        source: input.source,
        // The message id is unique per entry: only the first item carries it.
        whatsappMessageId: k === 0 && input.source === 'whatsapp' ? input.messageId : null,
        group,
        accountId: entry.account_id ?? null,
      })
      recorded.push(result.entry)
      usage = result.usage
    } catch (error) {
      if (!(error instanceof LimitReachedError)) throw error
      return limitReply(input, error, recorded, entries.length - recorded.length)
    }
  }
  return replies.entriesRecorded(recorded, { monthly: { used: usage.used, max: usage.limit } })
}

/**
 * A purchase in installments, all or nothing. Installments dated up to this month take this
 * month's slots now; later ones take a slot of their own month when it begins
 * (monthly-limit.ts). A full month refuses the whole purchase.
 */
export async function recordInstallments(
  tx: pg.PoolClient,
  input: BatchInput,
  plan: InstallmentPlan,
): Promise<string> {
  const group = randomUUID()
  const thisMonth = saoPauloMonth(input.now)
  await tx.query('savepoint installments')
  try {
    for (const [k, entry] of plan.entries.entries()) {
      const params = {
        ledger: input.ledger,
        userId: input.userId,
        entry,
        source: input.source,
        group: { id: group, installment: { number: k + 1, count: plan.count } },
        accountId: entry.account_id ?? null,
      }
      if (entry.occurred_on.slice(0, 7) > thisMonth) await recordLaterInstallment(tx, params)
      else {
        const whatsappMessageId = k === 0 && input.source === 'whatsapp' ? input.messageId : null
        await recordEntry(tx, { ...params, whatsappMessageId })
      }
    }
  } catch (error) {
    if (!(error instanceof LimitReachedError)) throw error
    await tx.query('rollback to savepoint installments')
    return limitReply(input, error, [], plan.count)
  }
  await tx.query('release savepoint installments')
  const usage = await getUsage(tx, { ownerId: input.ledger.ownerId })
  return replies.installmentsRecorded(plan, { monthly: { used: usage.used, max: usage.limit } })
}

/** 'cancelar parcelas': the installments not yet due of the last purchase in installments. */
export async function cancelInstallments(tx: pg.PoolClient, input: BatchInput): Promise<string> {
  const { ledger, userId } = input
  const last = await lastInstallmentGroup(tx, { ledgerId: ledger.ledgerId, userId })
  if (!last) return replies.noInstallmentsToCancel()
  const ids = await futureInstallmentIds(tx, {
    ledgerId: ledger.ledgerId,
    group: last.group,
    after: saoPauloDate(input.now),
  })
  if (ids.length === 0) return replies.noInstallmentsToCancel()
  const removed = await removeAll(tx, ledger, ids)
  return replies.installmentsCancelled(removed, last.description.replace(/\s*\(\d+\/\d+\)$/, ''))
}

export async function removeAll(tx: pg.PoolClient, ledger: LedgerRef, ids: readonly number[]) {
  const removed: Transaction[] = []
  for (const id of ids) {
    try {
      removed.push(await removeEntry(tx, { ledger, id }))
    } catch (error) {
      // Deleted meanwhile (from the web): nothing left to undo there.
      if (!(error instanceof TransactionNotFoundError)) throw error
    }
  }
  return removed
}
