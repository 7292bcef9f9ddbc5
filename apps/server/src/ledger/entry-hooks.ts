import type { Transaction } from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'
import type { LedgerRef } from '../tenancy/index.ts'

/** An entry just written (recorded or edited), seen inside the transaction that wrote it. */
export type EntryWritten = {
  ledger: LedgerRef
  entry: Transaction
  /**
   * Written together with the others, but no hook needs to act on it (its caller knows nobody
   * listens): the hooks see it only as part of what the others' later entries are.
   */
  quiet?: boolean
}
/** What a hook does for one entry, run in the entries' order. */
export type EntryStep = () => Promise<void>
/**
 * A hook reads what it needs for all the entries written together at once (one statement for a
 * batch, ADR 024 2026-11-26 night) and returns, for each entry in order, what it does for it —
 * with the outcome of running it for each entry one after the other (the k-th sees entries
 * 1..k, and what the steps before its own did).
 */
export type EntryHook = (tx: Queryable, written: readonly EntryWritten[]) => Promise<EntryStep[]>

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

/**
 * The hooks' steps for entries written together, one per entry in order: each hook reads once
 * for all of them here; the caller runs step k after entry k's own event, as one by one. (With
 * several hooks, each reads before the others' steps run: today there is one, the alerts.)
 */
export async function entryHookSteps(
  tx: Queryable,
  written: readonly EntryWritten[],
): Promise<EntryStep[]> {
  const perHook: EntryStep[][] = []
  for (const hook of hooks) perHook.push(await hook(tx, written))
  return written.map((_, i) => async () => {
    for (const steps of perHook) await steps[i]?.()
  })
}

/** The hooks of one entry written (an edit): a batch of one. */
export async function entryWritten(tx: Queryable, written: EntryWritten): Promise<void> {
  const [step] = await entryHookSteps(tx, [written])
  await step?.()
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
