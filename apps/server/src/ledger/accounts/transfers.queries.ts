import { type EntrySource, SAME_ACCOUNT_MESSAGE, type Transfer } from '@equilibrai/shared'
import { emitWebhookEvent } from '../../events/index.ts'
import { BadRequestError, type Queryable } from '../../platform/index.ts'
import { usableAccount } from './accounts.queries.ts'
import { TransferNotFoundError } from './errors.ts'

/*
 * Transfers between two accounts of a ledger (ARCHITECTURE §9): never income nor expense, so
 * they claim no slot of the plan's month and touch no month total, budget or alert; the
 * transfer.* webhook events go out in the transaction that makes the change.
 */

const COLUMNS = `t.id, t.from_account_id, t.to_account_id, t.amount_cents, t.occurred_on,
  t.description`

export type NewTransfer = {
  from_account_id: number
  to_account_id: number
  amount_cents: number
  occurred_on: string
  description?: string
}

/**
 * Records a transfer. Both accounts must be this ledger's (404) and not archived (422), and
 * different (400). Expects `tx` inside a transaction.
 */
export async function recordTransfer(
  tx: Queryable,
  params: {
    ledgerId: number
    createdBy: string | null
    transfer: NewTransfer
    source: EntrySource
    whatsappMessageId?: string | null
    /** Paying a card bill may go into an archived card (what is owed is still owed). */
    allowArchivedDestination?: boolean
  },
): Promise<Transfer> {
  const { ledgerId, transfer } = params
  if (transfer.from_account_id === transfer.to_account_id) {
    throw new BadRequestError(SAME_ACCOUNT_MESSAGE, 'VALIDATION_ERROR')
  }
  await usableAccount(tx, { ledgerId, accountId: transfer.from_account_id })
  if (!params.allowArchivedDestination) {
    await usableAccount(tx, { ledgerId, accountId: transfer.to_account_id })
  }
  const { rows } = await tx.query<Transfer>(
    `insert into transfers as t (ledger_id, from_account_id, to_account_id, amount_cents,
                                 occurred_on, description, created_by, source,
                                 whatsapp_message_id)
     values ($1, $2, $3, $4, $5, coalesce($6, 'Transferência'), $7, $8, $9)
     returning ${COLUMNS}`,
    [
      ledgerId,
      transfer.from_account_id,
      transfer.to_account_id,
      transfer.amount_cents,
      transfer.occurred_on,
      transfer.description ?? null,
      params.createdBy,
      params.source,
      params.whatsappMessageId ?? null,
    ],
  )
  const created = rows[0] as Transfer
  await emitWebhookEvent(tx, { ledgerId, type: 'transfer.created', data: created })
  return created
}

/** Deletes a transfer of this ledger (404 otherwise); returns it. Expects `tx` in a transaction. */
export async function removeTransfer(
  tx: Queryable,
  { ledgerId, transferId }: { ledgerId: number; transferId: number },
): Promise<Transfer> {
  const { rows } = await tx.query<Transfer>(
    `delete from transfers t where t.ledger_id = $1 and t.id = $2 returning ${COLUMNS}`,
    [ledgerId, transferId],
  )
  const deleted = rows[0]
  if (!deleted) throw new TransferNotFoundError()
  await emitWebhookEvent(tx, { ledgerId, type: 'transfer.deleted', data: deleted })
  return deleted
}

export async function getTransfer(
  db: Queryable,
  { ledgerId, transferId }: { ledgerId: number; transferId: number },
): Promise<Transfer | null> {
  const { rows } = await db.query<Transfer>(
    `select ${COLUMNS} from transfers t where t.ledger_id = $1 and t.id = $2`,
    [ledgerId, transferId],
  )
  return rows[0] ?? null
}

/** The ledger's transfers, newest first; of one account (either side) and in a period. */
export async function listTransfers(
  db: Queryable,
  {
    ledgerId,
    accountId,
    from,
    to,
  }: { ledgerId: number; accountId?: number; from?: string; to?: string },
): Promise<Transfer[]> {
  const where = ['t.ledger_id = $1']
  const values: unknown[] = [ledgerId]
  if (accountId !== undefined) {
    values.push(accountId)
    where.push(`(t.from_account_id = $${values.length} or t.to_account_id = $${values.length})`)
  }
  if (from) {
    values.push(from)
    where.push(`t.occurred_on >= $${values.length}`)
  }
  if (to) {
    values.push(to)
    where.push(`t.occurred_on <= $${values.length}`)
  }
  const { rows } = await db.query<Transfer>(
    `select ${COLUMNS} from transfers t where ${where.join(' and ')}
      order by t.occurred_on desc, t.id desc`,
    values,
  )
  return rows
}

/** The last transfer this person recorded in the ledger ('desfazer'), or null. */
export async function lastTransferBy(
  db: Queryable,
  { ledgerId, userId }: { ledgerId: number; userId: string },
): Promise<(Transfer & { created_at: string }) | null> {
  const { rows } = await db.query<Transfer & { created_at: Date }>(
    `select ${COLUMNS}, t.created_at from transfers t
      where t.ledger_id = $1 and t.created_by = $2 order by t.id desc limit 1`,
    [ledgerId, userId],
  )
  const row = rows[0]
  return row ? { ...row, created_at: row.created_at.toISOString() } : null
}
