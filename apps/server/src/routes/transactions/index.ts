export { entrySourceOf, type LedgerBindings, requireLedgerCaller } from './ledger-caller.ts'
export { transactionsRoutes } from './transactions.routes.ts'
