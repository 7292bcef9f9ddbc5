import {
  CATEGORY_MISMATCH_MESSAGE,
  categoryType,
  type EntrySource,
  entryMatchesCategory,
  type Transaction,
  type TransactionPatch,
} from '@equilibrai/shared'
import { entryHookSteps, entryWritten } from './entry-hooks.ts'
import { BadRequestError, type Queryable } from '../platform/index.ts'
import { emitWebhookEvent } from '../events/index.ts'
import { LimitReachedError, TransactionNotFoundError } from './errors.ts'
import type { LedgerRef } from '../tenancy/index.ts'
import { claimEntrySlot, claimSlots, releaseEntrySlot, type SlotUsage } from './monthly-limit.ts'
import { usableAccount } from './accounts/accounts.queries.ts'
import { customCategoryBase } from './categories/custom-categories.queries.ts'
import { EntryCustomCategoryError } from './categories/errors.ts'
import {
  deleteTransaction,
  type EntryGroup,
  getTransaction,
  insertEntries,
  insertTransaction,
  type NewEntry,
  type NewEntryRow,
  updateTransaction,
} from './transactions.queries.ts'

/*
 * What changes a ledger, for every way in (web, API, assistant). Each function expects `tx`
 * to be inside a database transaction (withTransaction): the count and the row change
 * together or not at all, and so does the transaction.* webhook event (webhooks/).
 */

/**
 * An entry naming a category of one's own counts in the default category that one sits under
 * (ADR 026): a category of another ledger, or of the other type, is refused.
 */
async function withCustomCategory(
  tx: Queryable,
  ledgerId: number,
  entry: NewEntry,
): Promise<NewEntry> {
  const id = entry.custom_category_id
  if (id == null) return { ...entry, custom_category_id: null }
  const base = await customCategoryBase(tx, { ledgerId, id })
  if (base === null) throw new EntryCustomCategoryError()
  if (categoryType(base) !== entry.type) {
    throw new EntryCustomCategoryError(CATEGORY_MISMATCH_MESSAGE)
  }
  return { ...entry, category: base }
}

/** recordEntry's parameters. */
export type RecordEntryParams = {
  ledger: LedgerRef
  userId: string
  entry: NewEntry
  source: EntrySource
  whatsappMessageId?: string | null
  confirmedLarge?: boolean
  group?: EntryGroup
  /** The account (ARCHITECTURE §9): this ledger's and not archived; absent, the default. */
  accountId?: number | null
  /**
   * What the caller read in this same transaction (ADR 024): `webhooks` false when the
   * ledger has no endpoint for transaction.created, `hooks` false when no entry hook can act
   * on this entry (no alert possible). Absent: both run, as always.
   */
  listeners?: { webhooks: boolean; hooks: boolean }
}

/** An entry recorded, and the month's count after it. */
export type RecordedEntry = { entry: Transaction; usage: SlotUsage }

/** Records an entry against the owner's monthly limit (LimitReachedError when it is full). */
export async function recordEntry(
  tx: Queryable,
  params: RecordEntryParams,
): Promise<RecordedEntry> {
  const checked = await checkEntry(tx, params)
  const usage = await claimEntrySlot(tx, { ownerId: params.ledger.ownerId })
  const entry = await insertTransaction(tx, insertParams(checked))
  await announceEntries(tx, [{ params: checked, entry }])
  return { entry, usage }
}

/**
 * What recordEntry checks before it claims: the account usable, a category of one's own
 * this ledger's (its default category put in). Throws as recordEntry would.
 */
export async function checkEntry(
  tx: Queryable,
  params: RecordEntryParams,
): Promise<RecordEntryParams> {
  if (params.accountId != null) {
    await usableAccount(tx, { ledgerId: params.ledger.ledgerId, accountId: params.accountId })
  }
  return { ...params, entry: await withCustomCategory(tx, params.ledger.ledgerId, params.entry) }
}

/**
 * recordEntry for entries checked by checkEntry, in a few statements for all of them (a batch
 * of WhatsApp messages, ADR 024 2026-11-26 late): the owners' slots claimed in one statement
 * (claimSlots), the entries granted a slot inserted in one, then each entry's event and hooks in
 * the order given. Each result is the entry with the count after it — the owner's k-th entry
 * here sees the count before the claim plus k, as k entries recorded one by one would — or the
 * LimitReachedError recordEntry would have thrown: an owner's entries past the plan's room are
 * refused in the order given, changing nothing.
 *
 * The entries' hooks read once for all of them and see each as if recorded one at a time (the
 * alerts: the k-th entry of a category's month sees its spending with entries 1..k).
 */
export async function recordEntries(
  tx: Queryable,
  entries: readonly RecordEntryParams[],
): Promise<(RecordedEntry | LimitReachedError)[]> {
  const wanted = new Map<string, number>()
  for (const e of entries) wanted.set(e.ledger.ownerId, (wanted.get(e.ledger.ownerId) ?? 0) + 1)
  const grants = await claimSlots(tx, wanted)
  const taken = new Map<string, number>()
  const outcome = entries.map((e) => {
    const grant = grants.get(e.ledger.ownerId)
    if (!grant) throw new Error(`no subscribers row for ${e.ledger.ownerId}`)
    const k = (taken.get(e.ledger.ownerId) ?? 0) + 1
    taken.set(e.ledger.ownerId, k)
    return k <= grant.granted
      ? { usage: { used: grant.used + k, limit: grant.limit } }
      : new LimitReachedError(grant.limit, grant.planName)
  })
  const granted = entries.filter((_, i) => !(outcome[i] instanceof LimitReachedError))
  const inserted = await insertEntries(tx, granted.map(insertParams))
  const results: (RecordedEntry | LimitReachedError)[] = []
  const recorded: { params: RecordEntryParams; entry: Transaction }[] = []
  let n = 0
  for (const [i, o] of outcome.entries()) {
    if (o instanceof LimitReachedError) {
      results.push(o)
      continue
    }
    const entry = inserted[n++]
    const params = entries[i]
    if (!entry || !params) throw new Error('insertEntries returned fewer rows than given')
    recorded.push({ params, entry })
    results.push({ entry, usage: o.usage })
  }
  await announceEntries(tx, recorded)
  return results
}

function insertParams(params: RecordEntryParams): NewEntryRow {
  return {
    ledgerId: params.ledger.ledgerId,
    createdBy: params.userId,
    entry: params.entry,
    source: params.source,
    whatsappMessageId: params.whatsappMessageId,
    confirmedLarge: params.confirmedLarge,
    group: params.group,
    accountId: params.accountId,
  }
}

/**
 * Each entry's transaction.created event and entry hooks in the order given, unless the caller
 * knows nobody listens. The hooks read for all the entries at once (the alerts: one statement,
 * entry-hooks.ts) and act for each after its event, with the outcome of one entry at a time.
 */
async function announceEntries(
  tx: Queryable,
  recorded: readonly { params: RecordEntryParams; entry: Transaction }[],
) {
  // Budget and high-spending alerts, in this transaction (the hooks of app/hooks.ts). An entry
  // nobody listens to is given quiet: the hooks act on none of it, but an earlier entry of the
  // batch must not see it (its amount in the month, its row in the history).
  const quiet = (r: (typeof recorded)[number]) => r.params.listeners?.hooks === false
  const steps = recorded.every(quiet)
    ? []
    : await entryHookSteps(
        tx,
        recorded.map((r) => ({ ledger: r.params.ledger, entry: r.entry, quiet: quiet(r) })),
      )
  for (const [i, r] of recorded.entries()) {
    if (r.params.listeners?.webhooks !== false) {
      await emitWebhookEvent(tx, {
        ledgerId: r.params.ledger.ledgerId,
        type: 'transaction.created',
        data: r.entry,
      })
    }
    if (!quiet(r)) await steps[i]?.()
  }
}

/**
 * Records an installment dated in a later month than now ('tv (2/12)'). It claims no slot now:
 * it takes one of its own month when that month begins (monthly-limit.ts, ADR 012).
 */
export async function recordLaterInstallment(
  tx: Queryable,
  params: {
    ledger: LedgerRef
    userId: string
    entry: NewEntry
    source: EntrySource
    group: EntryGroup
    /** As recordEntry's. */
    accountId?: number | null
  },
): Promise<Transaction> {
  if (params.accountId != null) {
    await usableAccount(tx, { ledgerId: params.ledger.ledgerId, accountId: params.accountId })
  }
  const entry = await insertTransaction(tx, {
    ledgerId: params.ledger.ledgerId,
    createdBy: params.userId,
    entry: await withCustomCategory(tx, params.ledger.ledgerId, params.entry),
    source: params.source,
    group: params.group,
    accountId: params.accountId,
  })
  // A later month's installment takes no slot now, but it is an entry all the same.
  await emitWebhookEvent(tx, {
    ledgerId: params.ledger.ledgerId,
    type: 'transaction.created',
    data: entry,
  })
  return entry
}

/** Changes fields of an entry of this ledger; type and category must still agree. */
export async function editEntry(
  tx: Queryable,
  { ledger, id, patch }: { ledger: LedgerRef; id: number; patch: TransactionPatch },
): Promise<Transaction> {
  const current = await getTransaction(tx, { ledgerId: ledger.ledgerId, id, forUpdate: true })
  if (!current) throw new TransactionNotFoundError()
  // A new type or default category leaves the custom one unless the patch names one again.
  const customCategoryId =
    patch.custom_category_id !== undefined
      ? patch.custom_category_id
      : patch.category !== undefined || patch.type !== undefined
        ? null
        : (current.custom_category?.id ?? null)
  const merged: NewEntry = await withCustomCategory(tx, ledger.ledgerId, {
    type: patch.type ?? current.type,
    amount_cents: patch.amount_cents ?? current.amount_cents,
    description: patch.description ?? current.description,
    category: patch.category ?? current.category,
    occurred_on: patch.occurred_on ?? current.occurred_on,
    custom_category_id: customCategoryId,
  })
  if (!entryMatchesCategory(merged)) {
    throw new BadRequestError(CATEGORY_MISMATCH_MESSAGE, 'VALIDATION_ERROR')
  }
  // Moving an entry to another account: that account must take entries; staying put is fine
  // even on an account archived since.
  const accountId = patch.account_id ?? current.account_id
  if (accountId !== current.account_id) {
    await usableAccount(tx, { ledgerId: ledger.ledgerId, accountId })
  }
  const updated = await updateTransaction(tx, {
    ledgerId: ledger.ledgerId,
    id,
    entry: merged,
    accountId,
  })
  if (!updated) throw new TransactionNotFoundError()
  await emitWebhookEvent(tx, {
    ledgerId: ledger.ledgerId,
    type: 'transaction.updated',
    data: updated,
  })
  // A corrected amount can take a budget past its thresholds too.
  await entryWritten(tx, { ledger, entry: updated })
  return updated
}

/**
 * Deletes an entry of this ledger and gives its monthly slot back (see monthly-limit.ts).
 * Locks in the order recording does (the subscriber's counter, then the month's totals, which
 * the delete's trigger updates), so a delete and an entry at once cannot deadlock.
 */
export async function removeEntry(
  tx: Queryable,
  { ledger, id }: { ledger: LedgerRef; id: number },
): Promise<Transaction> {
  const current = await getTransaction(tx, { ledgerId: ledger.ledgerId, id, forUpdate: true })
  if (!current) throw new TransactionNotFoundError()
  await releaseEntrySlot(tx, { ownerId: ledger.ownerId, ledgerId: ledger.ledgerId, id })
  const deleted = await deleteTransaction(tx, { ledgerId: ledger.ledgerId, id })
  if (!deleted) throw new TransactionNotFoundError()
  await emitWebhookEvent(tx, {
    ledgerId: ledger.ledgerId,
    type: 'transaction.deleted',
    data: deleted,
  })
  return deleted
}
