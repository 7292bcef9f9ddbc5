import { checkEntriesAlerts, checkImportedAlerts } from '../alerts/index.ts'
import {
  type EntriesHook,
  type EntryHook,
  onEntriesWritten,
  onEntryWritten,
} from '../ledger/index.ts'

/**
 * Every entry written checks the budget and high-spending alerts (alerts/entry-alerts.ts); the
 * entries written together, in one statement.
 */
const checkEntryAlertsHook: EntryHook = (tx, written) => checkEntriesAlerts(tx, written)
/** A statement's entries check each budget they touch once (alerts/entry-alerts.ts). */
const checkImportedAlertsHook: EntriesHook = (tx, written) => checkImportedAlerts(tx, written)

/**
 * Where a lower module must trigger a higher one, the app wires it here, once per process: the
 * server, the job runner and the CLI call this before any work (tests that write entries
 * without a server through test/register-hooks.ts). Idempotent.
 */
export function registerHooks(): void {
  onEntryWritten(checkEntryAlertsHook)
  onEntriesWritten(checkImportedAlertsHook)
}
