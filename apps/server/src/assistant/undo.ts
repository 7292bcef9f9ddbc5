import { agoText, replies } from '@equilibrai/assistant'
import { saoPauloDate, type Transaction } from '@equilibrai/shared'
import type pg from 'pg'
import { getTransaction, groupEntryIds, groupOf, lastTransactionBy } from '../ledger/index.ts'
import { removeAll, type BatchInput } from './assistant-batch.ts'
import { setPendingUndo } from './assistant-state.queries.ts'

/*
 * 'desfazer' (issue 24): undoes only the last thing this person recorded — one entry, or the
 * items of one message, or one purchase in installments — and says exactly what it removed.
 * Several entries at once, or one recorded more than UNDO_FRESH_MS ago, are asked about first
 * (Sim/Não, the pending question of assistant-state.queries.ts): nothing is removed until 'Sim'.
 */

/** An entry younger than this is undone at once; an older one is asked about. */
export const UNDO_FRESH_MS = 5 * 60 * 1000

export type UndoInput = BatchInput & { asked: { value: boolean } }

export async function undoLast(tx: pg.PoolClient, input: UndoInput): Promise<string> {
  const { ledger, userId, now } = input
  const last = await lastTransactionBy(tx, { ledgerId: ledger.ledgerId, userId, forUpdate: true })
  if (!last) return replies.nothingToUndo()
  const group = await groupOf(tx, { ledgerId: ledger.ledgerId, id: last.id })
  const ids =
    group === null ? [last.id] : await groupEntryIds(tx, { ledgerId: ledger.ledgerId, group })
  const recordedAt = new Date(last.created_at)
  const age = now.getTime() - recordedAt.getTime()
  if (ids.length === 1 && age <= UNDO_FRESH_MS) {
    const [removed] = await removeAll(tx, ledger, ids)
    return removed ? replies.undone(removed) : replies.nothingToUndo()
  }
  const entries: Transaction[] = []
  for (const id of ids) {
    const entry =
      id === last.id ? last : await getTransaction(tx, { ledgerId: ledger.ledgerId, id })
    if (entry) entries.push(entry)
  }
  await setPendingUndo(tx, { userId, ids, now })
  input.asked.value = true
  return replies.confirmUndo(entries, agoText(recordedAt, now, saoPauloDate(recordedAt)))
}

/** 'Sim' to a pending 'desfazer': removes those entries (the ones still there). */
export async function undoConfirmed(
  tx: pg.PoolClient,
  input: BatchInput,
  ids: readonly number[],
): Promise<string> {
  const removed = await removeAll(tx, input.ledger, ids)
  if (removed.length === 0) return replies.nothingToUndo()
  return removed.length === 1 && removed[0]
    ? replies.undone(removed[0])
    : replies.undoneMany(removed)
}
