/**
 * What a folded word is, looked up once per word when the message is cut into tokens
 * (tokens.ts): one map lookup gives the word's `WordInfo`, and every later pass tests bits of
 * it instead of looking the word up again in its own sets. Each bit is filled from one of the
 * passes' own word lists (`addFlag`, at module load), so a bit says exactly what `SET.has(word)`
 * said. The bits live in slots, one per group of passes, so no group runs out of bits.
 */
export class WordInfo {
  /** General: lexicon heads, dates, numbers in words, verbs, edge and bill words. */
  a = 0
  /** Commands (commands.ts). */
  c = 0
  /** What is never recorded (not-entry.ts). */
  n = 0
  /** News, negation and owned numbers (news.ts). */
  w = 0
  /** Accounts and confidence. */
  x = 0
}

/** Bits of the general slot `a`, each filled by the module that owns the list. */
export const A = {
  /** categorize.ts: first words of each phrase index, and the capitals-only acronyms. */
  EXPENSE_HEAD: 1,
  INCOME_HEAD: 2,
  TRIGGER_HEAD: 4,
  NAME_HEAD: 8,
  CAPITALS: 16,
  /** vocabulary.ts */
  EDGE: 32,
  EXPENSE_VERB: 64,
  INCOME_VERB: 128,
  NEUTRAL_VERB: 256,
  /** date-reader.ts: words that can start a date. */
  DATE_START: 512,
  /** money-reader.ts: words that can start an amount in words, and 'mil'. */
  NUMBER_START: 1024,
  /** entry.ts: due-date words, and 'me pagou'-like verbs. */
  BILL: 2048,
  PAID_ME: 4096,
} as const

export type Slot = 'a' | 'c' | 'n' | 'w' | 'x'

/** The info of every word no list names: all bits clear. Never written. */
export const NO_INFO: Readonly<WordInfo> = Object.freeze(new WordInfo())

const TABLE = new Map<string, WordInfo>()

/** Sets `bit` of `slot` for each word. Called at module load only. */
export function addFlag(slot: Slot, bit: number, words: Iterable<string>): void {
  for (const word of words) {
    let info = TABLE.get(word)
    if (info === undefined) {
      info = new WordInfo()
      TABLE.set(word, info)
    }
    info[slot] |= bit
  }
}

/** The info of a folded word (`NO_INFO` when no list names it). */
export function infoOf(word: string): Readonly<WordInfo> {
  return TABLE.get(word) ?? NO_INFO
}
