export {
  createAccount,
  defaultAccount,
  deleteAccount,
  getAccount,
  listAccounts,
  listAccountsOfLedgers,
  updateAccount,
  usableAccount,
} from './accounts/accounts.queries.ts'
export { accountsRoutes } from './accounts/accounts.routes.ts'
export { billsOfCards, cardBills, payCardBill } from './accounts/card-bills.queries.ts'
export {
  AccountArchivedError,
  AccountInUseError,
  AccountNameTakenError,
  AccountNotFoundError,
  DefaultAccountError,
  InvoiceNotFoundError,
  InvoicePaidError,
  NotACardError,
  TransferNotFoundError,
} from './accounts/errors.ts'
export {
  getTransfer,
  lastTransferBy,
  listTransfers,
  recordTransfer,
  removeTransfer,
} from './accounts/transfers.queries.ts'
export type { NewTransfer } from './accounts/transfers.queries.ts'
export { transfersRoutes } from './accounts/transfers.routes.ts'
export {
  customCategoriesOfLedgers,
  customCategoryTotal,
  listCustomCategories,
} from './categories/custom-categories.queries.ts'
export { customCategoriesRoutes } from './categories/custom-categories.routes.ts'
export {
  checkEntry,
  editEntry,
  recordEntries,
  recordEntry,
  recordLaterInstallment,
  removeEntry,
} from './entries.ts'
export type { RecordedEntry, RecordEntryParams } from './entries.ts'
export {
  futureInstallmentIds,
  groupEntryIds,
  groupOf,
  lastInstallmentGroup,
  otherInstallmentIds,
} from './entry-groups.queries.ts'
export { onEntriesWritten, onEntryWritten } from './entry-hooks.ts'
export type { EntriesHook, EntryHook } from './entry-hooks.ts'
export { LimitReachedError, TransactionNotFoundError } from './errors.ts'
export { resetMonthlyCounters } from './monthly-counters.ts'
export { claimEntrySlots, getUsage, getUsages, usedThisMonth } from './monthly-limit.ts'
export { monthSummary, rangeSummary } from './summary.queries.ts'
export { summaryRoutes } from './summary.routes.ts'
export {
  getTransaction,
  insertEntries,
  lastTransactionBy,
  recentTransactions,
} from './transactions.queries.ts'
export type { NewEntry } from './transactions.queries.ts'
export { transactionsRoutes } from './transactions.routes.ts'
export { usageRoutes } from './usage.routes.ts'
export { parseStatement } from './imports/parse-statement.ts'
export {
  commitImport,
  getImport,
  moveImport,
  previewImport,
  unmatchItem,
} from './imports/imports.service.ts'
export { accountForStatement } from './imports/statement-account.ts'
export type { ParsedStatement } from './imports/statement.ts'
export { MappingRequiredError } from './imports/errors.ts'
export { savedMapping as savedCsvMapping } from './imports/imports.queries.ts'
export { importsRoutes } from './imports/imports.routes.ts'
export {
  assertImportsAllowed,
  cheapestPaidPlanName,
  ownerPaysForPlan,
} from './imports/paid-plan.ts'
export {
  deleteBankEntries,
  insertBankEntries,
  markBankSeen,
  unmarkBankSeen,
  updateBankEntries,
} from './bank-entries.queries.ts'
export type { BankEntry } from './bank-entries.queries.ts'
export { learnedWords, typedEntries } from './imports/imports.queries.ts'
export { cleanDescription, isBillPayment } from './imports/classify.ts'
export { matchRows } from './imports/match.ts'
export type { MatchRow } from './imports/match.ts'
