import type { Transaction } from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'
import type { LedgerRef } from '../tenancy/index.ts'

/** An entry just written (recorded or edited), seen inside the transaction that wrote it. */
export type EntryWritten = { ledger: LedgerRef; entry: Transaction }
export type EntryHook = (tx: Queryable, written: EntryWritten) => Promise<void>

/*
 * Modules above the ledger react to an entry (alerts check budgets and high spending) without
 * the ledger importing them: the app registers their hooks once at start
 * (app/hooks.ts, registerHooks), and every way in (web, WhatsApp, API) runs them alike, in the
 * entry's own transaction.
 */
const hooks: EntryHook[] = []

export function onEntryWritten(hook: EntryHook): void {
  if (!hooks.includes(hook)) hooks.push(hook)
}

export async function entryWritten(tx: Queryable, written: EntryWritten): Promise<void> {
  for (const hook of hooks) await hook(tx, written)
}

/**
 * Many entries written at once (a statement's import): one call for the batch, so the hooks
 * can check each budget once with the month's final total — one alert per threshold crossed,
 * not one query (or one message) per row.
 */
export type EntriesWritten = { ledger: LedgerRef; entries: Transaction[] }
export type EntriesHook = (tx: Queryable, written: EntriesWritten) => Promise<void>
const batchHooks: EntriesHook[] = []

export function onEntriesWritten(hook: EntriesHook): void {
  if (!batchHooks.includes(hook)) batchHooks.push(hook)
}

export async function entriesWritten(tx: Queryable, written: EntriesWritten): Promise<void> {
  if (written.entries.length === 0) return
  for (const hook of batchHooks) await hook(tx, written)
}
