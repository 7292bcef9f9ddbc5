/**
 * @equilibrai/assistant — understands a pt-BR WhatsApp finance message and words the reply.
 * Pure: text and context in, decision out (ARCHITECTURE §7, STYLE 9).
 */
export { understand } from './understand.ts'
export {
  type CustomCategoryInfo,
  type CustomCategoryTotal,
  customCategorySummary,
} from './custom-category.ts'
export { parseAmount } from './analysis.ts'
export { parseNumber } from './money-reader.ts'
export {
  type DateDirection,
  type DateExpr,
  addDays,
  resolveDate,
  saoPauloToday,
  weekdayOf,
} from './dates.ts'
export { categorize } from './categorize.ts'
export { learnableWords } from './learn.ts'
export { normalizeWord } from './normalize.ts'
export { findDate } from './find-date.ts'
export {
  type BalanceView,
  type BillView,
  type CategoryTotal,
  type EntryView,
  type NonTextKind,
  type SummaryView,
  monthLabel,
  replies,
} from './replies.ts'
export type {
  AssistantContext,
  BillDraft,
  Decision,
  DecisionKind,
  EntryDraft,
  InstallmentPlan,
  NotEntryReason,
} from './types.ts'
export { type PeriodSummaryView, agoText } from './replies-sure.ts'
export {
  type Confidence,
  type ConfidenceLevel,
  type ConfidenceReason,
  assess,
} from './confidence.ts'
export { DUE_THIS_WEEK_DAYS, type DayRange, mondayOf, weekNamed } from './periods.ts'
export { readWordAmount } from './amount-words.ts'
export { PENDING_WINDOW_MS, type PendingOutcome, pendingOutcome } from './pending.ts'
export { MAX_INSTALLMENTS, splitCents } from './installments.ts'
export { addMonthsClamped } from './dates.ts'
export { type CommandReader, COMMAND_READERS } from './commands.ts'
export {
  matchBill,
  type PlanningDecision,
  readPlanning,
  withBillPayment,
} from './bills-recurring-budgets.ts'
export { planningReplies } from './bills-recurring-budgets-replies.ts'
export { type ReportDecision, readReportRequest } from './report-intents.ts'
export {
  type PeriodReportView,
  REPORT_TOP_CATEGORIES,
  changeText,
  reportReplies,
} from './report-replies.ts'
export type {
  AccountAsk,
  AccountChoice,
  AccountDecision,
  AccountInfo,
  AccountKind,
  AccountPending,
  AccountQuestion,
  CardBillPayment,
  MissingAccount,
  TransferDraft,
  TransferPurpose,
} from './account-types.ts'
export { answerAccountQuestion } from './account-choice.ts'
export {
  type AccountBalanceView,
  type CardBillsView,
  type InvoiceView,
  type TransferView,
  accountReplies,
} from './account-replies.ts'
export {
  type BankNotification,
  type NotificationDecision,
  type NotificationReading,
  notificationFingerprint,
  readBankNotification,
} from './bank-notification.ts'
export { type BankId, NOTIFICATION_BANKS } from './bank-formats.ts'
