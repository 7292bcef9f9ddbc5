import { checkEntryAlerts } from '../alerts/index.ts'
import { type EntryHook, onEntryWritten } from '../ledger/index.ts'

/** Every entry written checks the budget and high-spending alerts (alerts/entry-alerts.ts). */
const checkEntryAlertsHook: EntryHook = (tx, written) => checkEntryAlerts(tx, written)

/**
 * Where a lower module must trigger a higher one, the app wires it here, once per process: the
 * server, the job runner and the CLI call this before any work (tests that write entries
 * without a server through test/register-hooks.ts). Idempotent.
 */
export function registerHooks(): void {
  onEntryWritten(checkEntryAlertsHook)
}
