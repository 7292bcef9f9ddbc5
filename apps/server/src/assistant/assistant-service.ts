import {
  answerAccountQuestion,
  customCategorySummary,
  type Decision,
  type EntryDraft,
  learnableWords,
  normalizeWord,
  pendingOutcome,
  replies,
  understand,
  withBillPayment,
} from '@equilibrai/assistant'
import {
  type Account,
  categoryType,
  type EntrySource,
  formatBRL,
  MAX_ENTRY_CENTS,
  saoPauloMonth,
} from '@equilibrai/shared'
import type pg from 'pg'
import {
  dropPending,
  getRecentList,
  saveRecentList,
  saveReply,
  setPending,
  storedReply,
  takePending,
} from './assistant-state.queries.ts'
import { cancelInstallments, recordInstallments, recordItems } from './assistant-batch.ts'
import { undoConfirmed } from './undo.ts'
import {
  accountsForAssistant,
  actAccounts,
  balancesReply,
  onNamedAccount,
  undoLastThing,
} from './account-actions.ts'
import { takeAccountQuestion } from './account-question.queries.ts'
import type { EntryBatch } from './entry-batch.ts'
import { insertBill } from '../bills/index.ts'
import { businessReply } from './analysis-support-replies.ts'
import {
  otherInstallmentIds,
  customCategoryTotal,
  editEntry,
  recordEntry,
  removeEntry,
  LimitReachedError,
  TransactionNotFoundError,
  monthSummary,
  rangeSummary,
  lastTransactionBy,
  recentTransactions,
} from '../ledger/index.ts'
import { learnWords, withTaughtWords } from './learned-words.queries.ts'
import {
  type Listeners,
  type MessageContext,
  readLedgerState,
  readMessageContext,
} from './message-context.queries.ts'
import { HIGH_SPENDING_RULE } from '../alerts/index.ts'
import type { LedgerRef } from '../tenancy/index.ts'
import { actPlanning } from './bill-recurring-budget-actions.ts'
import { recordNotification } from './bank-notification-actions.ts'
import { commitPendingImport, importOnChosenAccount } from './statement-import.ts'
import { answerReportRequest } from '../reports/index.ts'
import { documentForMessage, type StoredDocument } from '../messaging/index.ts'

/**
 * The assistant's actions: a text message in, the ledger changed (or read) and a reply out.
 * The one path for WhatsApp, the simulator, the CLI chat and the API, so each of them
 * records, undoes and answers exactly alike.
 *
 * Each message runs in the caller's database transaction (withTransaction, or the WhatsApp job's
 * own, so that the job needs one connection): the change, the conversation's state and the
 * record that the message was answered commit together. With a message id, a message handled
 * before (a webhook redelivery, a job retried after a crash) changes nothing and gets the
 * reply it got the first time, for commands ('apagar 3') as much as for entries.
 */

/** How many entries 'últimos' lists (and 'apagar N' can reach). */
export const RECENT_COUNT = 10

/** The largest amount 'sim' can confirm (the database's own ceiling): R$ 10 bilhões. */
export const MAX_CONFIRMED_CENTS = 1_000_000_000_000

export type HandleMessageInput = {
  userId: string
  text: string
  /** The message's instant: dates ('ontem', 'dia 15') and the month of 'saldo' resolve from it. */
  now: Date
  source: EntrySource
  /** WhatsApp's message id (or the simulator's): the same id is handled once. */
  messageId?: string
  /** PUBLIC_URL, for the upgrade link when the plan's limit is reached. */
  publicUrl: string
}

export type HandleMessageResult = {
  reply: string
  decision: Decision
  /** The message id had been handled already: nothing changed, the first reply is repeated. */
  duplicate?: boolean
  /** A file to send as a document ('pdf'), with `reply` as its caption. */
  document?: StoredDocument
  /** The reply is a yes/no question waiting for the next message (sent with Sim/Não buttons). */
  asks?: boolean
}

/** Decisions whose reply asks Sim/Não before recording anything. */
const ASKING_KINDS: ReadonlySet<Decision['kind']> = new Set([
  'confirm_large',
  'confirm_date',
  'confirm_entry',
])

const NOTHING_TO_CORRECT = 'Não há lançamento para corrigir. Mande *últimos* para ver a lista.'
const TOO_LARGE_TO_RECORD = `Esse valor é alto demais para um lançamento. O máximo é ${formatBRL(MAX_CONFIRMED_CENTS)}.`
const INSTALLMENT_CORRECTION =
  'Esse lançamento é uma parcela. Para corrigir a compra parcelada, mande *desfazer* e depois a compra de novo com o valor certo.'
const CORRECTION_TOO_LARGE = `O valor máximo por lançamento é ${formatBRL(MAX_ENTRY_CENTS)}. Para um valor maior, mande o lançamento de novo com o valor certo.`

/**
 * `tx` must be inside a transaction. `prepared`: the message's context as its batch read it
 * (message-context.queries.ts, the WhatsApp job); without it the message is a batch of one.
 */
export async function handleMessage(
  tx: pg.PoolClient,
  input: HandleMessageInput,
  prepared?: MessageContext,
): Promise<HandleMessageResult> {
  const { messageId, userId } = input
  // The message id claimed, the ledger found and, unless an earlier message of the batch
  // shares the ledger, its state read: a few statements for the whole batch.
  const { claimed, ledger, state, keepReply, entries } =
    prepared ?? (await readMessageContext(tx, { messageId, userId, now: input.now }))
  if (messageId && !claimed) {
    const reply = (await storedReply(tx, { messageId, userId })) ?? ''
    const document = await documentForMessage(tx, { messageId })
    const decision = understand(input.text, { now: input.now })
    return {
      reply,
      decision,
      duplicate: true,
      asks: ASKING_KINDS.has(decision.kind),
      ...(document ? { document } : {}),
    }
  }
  // The taught words, whether a question is pending (the pending slot is written only when it
  // holds something: most messages find it empty), the listeners, the accounts with today's
  // balances (the message may name one: 'no nubank') and the categories of one's own ('pet shop
  // 80 em Cachorro' records into Cachorro, ADR 026, and so does 'ração 80' once a correction
  // taught 'ração' Cachorro, migration 037).
  const { learnedWords, customWords, pending, listeners, accounts, ...rest } =
    state ?? (await readLedgerState(tx, { userId, now: input.now }))
  const customCategories = withTaughtWords(rest.customCategories, customWords)
  const context = {
    now: input.now,
    learnedWords,
    accounts: accountsForAssistant(accounts),
    customCategories,
  }
  // 'Em qual conta?' is answered by the very next message only (account-choice.ts).
  const asksAccount = pending?.kind === 'choose_account'
  const question = asksAccount ? await takeAccountQuestion(tx, { userId, now: input.now }) : null
  const answer = question ? answerAccountQuestion(input.text, question) : null
  // 'paguei a luz' pays a bill when one matches (bill-recurring-budget-actions.ts).
  const decision = answer ?? withBillPayment(input.text, understand(input.text, context), context)
  // A question waits for the very next message only: anything else drops it (pending.ts).
  if (decision.kind !== 'confirm' && pending && !asksAccount) await dropPending(tx, { userId })
  // Reports (reports/report-commands.ts) may answer with a file as well as text; the business
  // commands (análise, projeção, falar com atendente: analysis-support-replies.ts) answer first.
  const business = await businessReply(tx, { ...input, ledger })
  const result =
    business !== null
      ? { reply: business }
      : decision.kind === 'report' || decision.kind === 'report_pdf'
        ? await answerReportRequest(tx, { ...input, ledger, decision })
        : await acted(tx, {
            ...input,
            ledger,
            accounts,
            decision,
            listeners,
            ...(state && entries ? { entries } : {}),
          })
  const { reply } = result
  if (messageId) {
    if (keepReply) keepReply(reply)
    else await saveReply(tx, { messageId, reply })
  }
  return { ...result, decision }
}

async function acted(
  tx: pg.PoolClient,
  input: Omit<ActInput, 'asked'>,
): Promise<{ reply: string; asks: boolean }> {
  const asked = { value: ASKING_KINDS.has(input.decision.kind) }
  const reply = await act(tx, { ...input, asked })
  return { reply, asks: asked.value }
}

/** `asked.value`: set when the reply turned out to be a Sim/Não question ('desfazer'). */
type ActInput = HandleMessageInput & {
  ledger: LedgerRef
  accounts: readonly Account[]
  decision: Decision
  /** Who listens to the ledger's new entries (message-context.queries.ts). */
  listeners?: Listeners
  /** Where a plain entry waits for its batch's other entries (entry-batch.ts). */
  entries?: EntryBatch
  asked: { value: boolean }
}

async function act(tx: pg.PoolClient, input: ActInput): Promise<string> {
  const { decision, ledger, userId, now } = input
  switch (decision.kind) {
    case 'entry':
      return onNamedAccount(() => record(tx, input, decision.entry, false))

    case 'confirm_large':
      if (decision.entry.amount_cents > MAX_CONFIRMED_CENTS) return TOO_LARGE_TO_RECORD
      await setPending(tx, { userId, entry: decision.entry, now })
      return replies.confirmLarge(decision.entry)

    case 'confirm': {
      const pending = await takePending(tx, { userId })
      if (!pending || pendingOutcome(decision, pending.askedAt, now) !== 'answer')
        return replies.nothingToConfirm()
      const { action } = pending
      if (action.kind === 'undo')
        return decision.yes ? undoConfirmed(tx, input, action.ids) : replies.undoKept()
      if (action.kind === 'import')
        return commitPendingImport(tx, input, { importId: action.importId, yes: decision.yes })
      if (!decision.yes) return replies.confirmCancelled()
      return onNamedAccount(() =>
        record(tx, input, action.entry, action.entry.amount_cents > MAX_ENTRY_CENTS),
      )
    }

    case 'confirm_entry':
      // Unsure (confidence.ts): nothing recorded; 'Sim' as the very next message records it.
      await setPending(tx, { userId, entry: decision.entry, now })
      input.asked.value = true
      return replies.confirmEntry(decision.entry)

    case 'confirm_date':
      // Nothing recorded: 'sim' as the very next message records it today.
      await setPending(tx, { userId, entry: decision.entry, now })
      return replies.confirmDate(decision.entry, decision.said_on)

    case 'entries':
      return onNamedAccount(() => recordItems(tx, input, decision.entries))

    case 'installments':
      return onNamedAccount(() => recordInstallments(tx, input, decision.plan))

    case 'cancel_installments':
      return cancelInstallments(tx, input)

    case 'not_entry':
      return replies.notEntry(decision.reason)

    case 'needs_amount':
      return replies.needsAmount(decision)

    case 'balance':
      // Each account's balance and the total; the month's net is in 'resumo' (ARCHITECTURE §9).
      return balancesReply(input.accounts)

    case 'summary': {
      // 'quanto gastei com Cachorro': the entries in that category of one's own (ADR 026).
      if (decision.custom_category_id !== undefined) {
        const period =
          decision.from !== undefined && decision.to !== undefined
            ? { from: decision.from, to: decision.to }
            : { month: decision.month ?? saoPauloMonth(now) }
        const total = await customCategoryTotal(tx, {
          ledgerId: ledger.ledgerId,
          id: decision.custom_category_id,
          ...period,
        })
        if (total) return customCategorySummary({ ...total, ...period })
      }
      if (decision.from !== undefined && decision.to !== undefined) {
        const view = await rangeSummary(tx, {
          ledgerId: ledger.ledgerId,
          from: decision.from,
          to: decision.to,
        })
        return replies.periodSummary(view, decision.category)
      }
      const month = decision.month ?? saoPauloMonth(now)
      const summary = await monthSummary(tx, { ledgerId: ledger.ledgerId, month })
      return replies.summary(summary, decision.category)
    }

    case 'recent': {
      const entries = await recentTransactions(tx, {
        ledgerId: ledger.ledgerId,
        limit: RECENT_COUNT,
      })
      await saveRecentList(tx, { userId, ids: entries.map((e) => e.id), at: now })
      return replies.recent(entries)
    }

    case 'undo':
      return undoLastThing(tx, input)

    case 'delete':
      return deleteNumbered(tx, input, decision.index)

    case 'correct_amount': {
      if (decision.amount_cents > MAX_ENTRY_CENTS) return CORRECTION_TOO_LARGE
      const last = await lastTransactionBy(tx, { ledgerId: ledger.ledgerId, userId })
      if (!last) return NOTHING_TO_CORRECT
      // One installment's amount alone would break the purchase's total.
      if ((await otherInstallmentIds(tx, { ledgerId: ledger.ledgerId, id: last.id })).length > 0)
        return INSTALLMENT_CORRECTION
      const updated = await editEntry(tx, {
        ledger,
        id: last.id,
        patch: { amount_cents: decision.amount_cents },
      })
      return replies.corrected(updated)
    }

    case 'change_category': {
      const last = await lastTransactionBy(tx, { ledgerId: ledger.ledgerId, userId })
      if (!last) return NOTHING_TO_CORRECT
      // The category says the type: 'mudar para salário' on an expense makes it an income. A
      // category of one's own ('para Cachorro') brings its default along (ADR 026).
      const customCategoryId = decision.custom_category_id ?? null
      const patch = {
        category: decision.category,
        type: categoryType(decision.category),
        ...(customCategoryId !== null ? { custom_category_id: customCategoryId } : {}),
      }
      const updated = await editEntry(tx, { ledger, id: last.id, patch })
      // A purchase in installments changes as a whole: 'tv (1/12)' … 'tv (12/12)'.
      for (const id of await otherInstallmentIds(tx, { ledgerId: ledger.ledgerId, id: last.id }))
        await editEntry(tx, { ledger, id, patch })
      await learnWords(tx, {
        ledgerId: ledger.ledgerId,
        words: learnableWords(updated.description).map(normalizeWord),
        category: decision.category,
        customCategoryId,
      })
      return replies.categoryChanged(updated)
    }

    case 'bill': {
      const bill = await insertBill(tx, {
        ledgerId: ledger.ledgerId,
        createdBy: userId,
        description: decision.bill.description,
        amountCents: decision.bill.amount_cents,
        category:
          categoryType(decision.bill.category) === 'expense' ? decision.bill.category : null,
        dueOn: decision.bill.due_on,
        whatsappMessageId: input.source === 'whatsapp' ? input.messageId : null,
      })
      return replies.billRecorded({ ...decision.bill, due_on: bill.due_on })
    }

    case 'help':
      return replies.help()

    case 'not_understood':
      return replies.notUnderstood()

    // Bills, recurring entries, budgets, alert settings (bill-recurring-budget-actions.ts).
    case 'planning':
      return actPlanning(
        tx,
        { ...input, fallback: (otherwise) => act(tx, { ...input, decision: otherwise }) },
        decision.planning,
      )
    // Transfers, card bills, 'Em qual conta?' (account-actions.ts).
    case 'transfer':
    case 'pay_card_bill':
    case 'card_bill_query':
    case 'choose_account':
    case 'missing_account':
    case 'transfer_needs_amount':
    case 'account_choice_cancelled':
      return actAccounts(tx, input, decision)

    // The account of a statement sent as a document was asked (statement-import.ts).
    case 'import_statement':
      return importOnChosenAccount(tx, input, decision)

    // A forwarded bank notification: one entry, once (bank-notification-actions.ts).
    case 'bank_notification':
      return recordNotification(tx, input, decision)

    case 'report':
    case 'report_pdf':
      throw new Error('report requests are answered by answerReportRequest')
  }
}

/** Records an entry; the plan's full month becomes the limit reply, not an error. */
async function record(
  tx: pg.PoolClient,
  input: ActInput,
  entry: EntryDraft,
  confirmedLarge: boolean,
): Promise<string> {
  // The limit is checked with a conditional UPDATE that changes nothing when it refuses, so
  // the transaction stays usable for the reply and the message's record.
  try {
    const params = {
      ledger: input.ledger,
      userId: input.userId,
      entry,
      source: input.source,
      whatsappMessageId: input.source === 'whatsapp' ? input.messageId : null,
      confirmedLarge,
      accountId: entry.account_id ?? null,
      ...(input.listeners ? { listeners: entryListeners(input.listeners, entry) } : {}),
    }
    // In a batch the entry waits for the batch's others: the same result, fewer statements.
    const recorded = input.entries
      ? await input.entries.record(tx, params)
      : await recordEntry(tx, params)
    return replies.entryRecorded(recorded.entry, {
      monthly: { used: recorded.usage.used, max: recorded.usage.limit },
    })
  } catch (error) {
    if (!(error instanceof LimitReachedError)) throw error
    return replies.limitReached({
      max: error.limit,
      upgradeUrl: `${input.publicUrl}/dashboard`,
    })
  }
}

/**
 * Whether recording `entry` needs the transaction.created event and the entry hooks (today the
 * alerts' check alone, app/hooks.ts): only an expense under a plan with budget alerts can raise
 * one — a budget's threshold when the ledger has budgets, high spending when the amount is at
 * least the rule's minimum (alerts/entry-alerts.ts).
 */
function entryListeners(listeners: Listeners, entry: EntryDraft) {
  const hooks =
    listeners.alerts &&
    entry.type === 'expense' &&
    (listeners.budgets || entry.amount_cents >= HIGH_SPENDING_RULE.minAmountCents)
  return { webhooks: listeners.webhooks, hooks }
}

/**
 * 'apagar 3': number 3 of the list 'últimos' last showed this person (kept for a day), so
 * entries recorded since do not shift the numbers under them. With no list shown, the
 * numbering is the current 'últimos' order (newest recorded first).
 */
async function deleteNumbered(tx: pg.PoolClient, input: ActInput, index: number): Promise<string> {
  const { ledger, userId, now } = input
  const shown = await getRecentList(tx, { userId, now })
  const ids =
    shown ??
    (await recentTransactions(tx, { ledgerId: ledger.ledgerId, limit: RECENT_COUNT })).map(
      (e) => e.id,
    )
  const id = index >= 1 ? ids[index - 1] : undefined
  if (id === undefined) return replies.notFound(index)
  try {
    return replies.deleted(await removeEntry(tx, { ledger, id }))
  } catch (error) {
    // Already deleted (from the web, or 'apagar 3' twice).
    if (error instanceof TransactionNotFoundError) return replies.notFound(index)
    throw error
  }
}
