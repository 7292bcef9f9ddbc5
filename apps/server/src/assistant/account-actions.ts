import {
  type AccountDecision,
  type AccountInfo,
  accountReplies,
  type CardBillsView,
  type Decision,
  type InvoiceView,
  type TransferPurpose,
  type TransferView,
  replies,
} from '@equilibrai/assistant'
import { type Account, type CardInvoice, type IsoDate, saoPauloDate } from '@equilibrai/shared'
import type pg from 'pg'
import {
  AccountArchivedError,
  AccountNotFoundError,
  cardBills,
  lastTransactionBy,
  lastTransferBy,
  payCardBill,
  recordTransfer,
  removeTransfer,
  TransferNotFoundError,
} from '../ledger/index.ts'
import { AppError } from '../platform/index.ts'
import { setAccountQuestion } from './account-question.queries.ts'
import type { BatchInput } from './assistant-batch.ts'
import { type UndoInput, undoLast } from './undo.ts'

/*
 * The assistant's actions on accounts (ARCHITECTURE §9): transfers, investments, withdrawals,
 * paying and asking for a card's bill, 'saldo' per account, questions about which account, and
 * 'desfazer' of the last thing recorded when that was a transfer. Called from
 * assistant-service.ts inside the message's transaction. A transfer is never an entry: it
 * claims no slot of the plan's month and enters no summary.
 */

export type AccountActionInput = BatchInput & { accounts: readonly Account[] }

/** The ledger's accounts as the assistant reads them (AssistantContext.accounts). */
export function accountsForAssistant(accounts: readonly Account[]): AccountInfo[] {
  return accounts.map((a) => ({
    id: a.id,
    name: a.name,
    kind: a.kind,
    is_default: a.is_default,
    archived: a.archived,
  }))
}

function nameOf(accounts: readonly Account[], id: number): string {
  return accounts.find((a) => a.id === id)?.name ?? 'conta'
}

const DESCRIPTION_PURPOSE: Record<string, TransferPurpose> = {
  Investimento: 'investment',
  Saque: 'withdrawal',
  Resgate: 'redemption',
}

function transferView(
  accounts: readonly Account[],
  t: { from_account_id: number; to_account_id: number; amount_cents: number; occurred_on: string },
  purpose: TransferPurpose,
): TransferView {
  return {
    purpose,
    amount_cents: t.amount_cents,
    from: nameOf(accounts, t.from_account_id),
    to: nameOf(accounts, t.to_account_id),
    occurred_on: t.occurred_on as IsoDate,
  }
}

function invoiceView(bill: CardInvoice): InvoiceView {
  return {
    month: bill.month,
    closes_on: bill.closes_on,
    due_on: bill.due_on,
    total_cents: bill.total_cents,
    paid_cents: bill.paid_cents,
    status: bill.status,
  }
}

/** The bill open on `today` (the earliest still open) and the last one closed before it. */
function currentBills(bills: readonly CardInvoice[], today: string) {
  const open = bills
    .filter((b) => b.status === 'open' && b.closes_on >= today)
    .sort((a, b) => a.closes_on.localeCompare(b.closes_on))[0]
  const closed = bills
    .filter((b) => b.closes_on < today)
    .sort((a, b) => b.closes_on.localeCompare(a.closes_on))[0]
  return { open: open ?? null, closed: closed ?? null }
}

/** 'saldo': each account's balance today and the total. */
export function balancesReply(accounts: readonly Account[]): string {
  return accountReplies.balances(
    accounts.map((a) => ({
      name: a.name,
      kind: a.kind,
      balance_cents: a.balance_cents,
      archived: a.archived,
    })),
  )
}

/** Runs `work`; a refusal of the ledger (an AppError, pt-BR) becomes the reply. */
async function refusedAsReply(work: () => Promise<string>): Promise<string> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof AppError) return accountReplies.accountError(error.message)
    throw error
  }
}

/**
 * Records entries on the account a message (or the answer to 'Em qual conta?') named; that
 * account archived or deleted meanwhile is said, not an error of the job.
 */
export async function onNamedAccount(work: () => Promise<string>): Promise<string> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof AccountNotFoundError || error instanceof AccountArchivedError)
      return accountReplies.accountError(error.message)
    throw error
  }
}

export async function actAccounts(
  tx: pg.PoolClient,
  input: AccountActionInput,
  decision: Exclude<AccountDecision, { kind: 'import_statement' }>,
): Promise<string> {
  const { ledger, userId, accounts } = input
  const whatsappMessageId = input.source === 'whatsapp' ? (input.messageId ?? null) : null
  switch (decision.kind) {
    case 'transfer':
      return refusedAsReply(async () => {
        const { purpose, ...transfer } = decision.transfer
        const created = await recordTransfer(tx, {
          ledgerId: ledger.ledgerId,
          createdBy: userId,
          transfer,
          source: input.source,
          whatsappMessageId,
        })
        return accountReplies.transferRecorded(transferView(accounts, created, purpose))
      })

    case 'pay_card_bill':
      return refusedAsReply(() => payBill(tx, input, decision.payment, whatsappMessageId))

    case 'card_bill_query': {
      const today = saoPauloDate(input.now)
      const views: CardBillsView[] = []
      for (const id of decision.card_ids) {
        const card = accounts.find((a) => a.id === id)
        if (!card) continue
        const bills = await cardBills(tx, { ledgerId: ledger.ledgerId, accountId: id, today })
        const { open, closed } = currentBills(bills, today)
        views.push({
          card: card.name,
          open: open ? invoiceView(open) : null,
          closed: closed ? invoiceView(closed) : null,
          available_cents: card.limit_cents === null ? null : card.limit_cents + card.balance_cents,
        })
      }
      return accountReplies.cardBills(views, today)
    }

    case 'choose_account':
      await setAccountQuestion(tx, { userId, question: decision.question, now: input.now })
      return accountReplies.chooseAccount(decision.question)

    case 'missing_account':
      return accountReplies.missingAccount(decision.need, decision.purpose)

    case 'transfer_needs_amount':
      return accountReplies.transferNeedsAmount(decision.purpose, decision.too_large)

    case 'account_choice_cancelled':
      return accountReplies.choiceCancelled()
  }
}

async function payBill(
  tx: pg.PoolClient,
  input: AccountActionInput,
  payment: Extract<AccountDecision, { kind: 'pay_card_bill' }>['payment'],
  whatsappMessageId: string | null,
): Promise<string> {
  const { ledger, accounts } = input
  const card = nameOf(accounts, payment.card_id)
  const today = payment.paid_on
  const bills = await cardBills(tx, {
    ledgerId: ledger.ledgerId,
    accountId: payment.card_id,
    today,
  })
  const { open, closed } = currentBills(bills, today)
  // The latest closed bill with something left; an amount said pays even an open one early.
  const target =
    closed && closed.status === 'closed'
      ? closed
      : payment.amount_cents !== null
        ? (closed ?? open ?? bills[0] ?? null)
        : null
  if (target === null) {
    return accountReplies.cardBillNothingToPay({
      card,
      closed: closed ? invoiceView(closed) : null,
      open: open ? invoiceView(open) : null,
    })
  }
  const paid = await payCardBill(tx, {
    ledgerId: ledger.ledgerId,
    accountId: payment.card_id,
    month: target.month,
    fromAccountId: payment.from_account_id,
    ...(payment.amount_cents !== null ? { amountCents: payment.amount_cents } : {}),
    createdBy: input.userId,
    source: input.source,
    whatsappMessageId,
    today,
  })
  const after = await cardBills(tx, {
    ledgerId: ledger.ledgerId,
    accountId: payment.card_id,
    today,
  })
  const bill = after.find((b) => b.month === target.month)
  return accountReplies.cardBillPaid({
    card,
    from: nameOf(accounts, payment.from_account_id),
    amount_cents: paid.amount_cents,
    month: target.month,
    left_cents: bill ? Math.max(0, bill.total_cents - bill.paid_cents) : 0,
  })
}

/**
 * 'desfazer': the last thing this person recorded — a transfer, or an entry (the whole
 * message's entries, assistant-batch.ts). Only the last: an older transfer is never undone.
 */
export async function undoLastThing(
  tx: pg.PoolClient,
  input: AccountActionInput & UndoInput,
): Promise<string> {
  const { ledger, userId, accounts } = input
  const transfer = await lastTransferBy(tx, { ledgerId: ledger.ledgerId, userId })
  if (transfer) {
    const entry = await lastTransactionBy(tx, { ledgerId: ledger.ledgerId, userId })
    if (!entry || transfer.created_at > entry.created_at) {
      try {
        const removed = await removeTransfer(tx, {
          ledgerId: ledger.ledgerId,
          transferId: transfer.id,
        })
        const purpose = purposeOf(removed.description)
        return accountReplies.transferUndone(transferView(accounts, removed, purpose))
      } catch (error) {
        if (!(error instanceof TransferNotFoundError)) throw error
        return replies.nothingToUndo()
      }
    }
  }
  return undoLast(tx, input)
}

function purposeOf(description: string): TransferPurpose {
  return DESCRIPTION_PURPOSE[description] ?? 'transfer'
}

/** The decision kinds actAccounts answers. */
export function isAccountDecision(d: Decision): d is AccountDecision {
  return (
    d.kind === 'transfer' ||
    d.kind === 'pay_card_bill' ||
    d.kind === 'card_bill_query' ||
    d.kind === 'choose_account' ||
    d.kind === 'missing_account' ||
    d.kind === 'transfer_needs_amount' ||
    d.kind === 'account_choice_cancelled'
  )
}
