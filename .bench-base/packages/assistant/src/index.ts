/**
 * @equilibrai/assistant — understands a pt-BR WhatsApp finance message and words the reply.
 * Pure: text and context in, decision out (ARCHITECTURE §7, STYLE 9).
 */
export { understand } from './understand.ts'
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
export type { AssistantContext, BillDraft, Decision, DecisionKind, EntryDraft } from './types.ts'
