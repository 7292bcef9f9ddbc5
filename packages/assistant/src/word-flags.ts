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
  /** The money reader (money-reader.ts, vocabulary.ts). */
  m = 0
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
  /** accounts-mention.ts: words that name an account's kind or a bank; entry prepositions and bare openers. */
  ACCOUNT_WORD: 8192,
  ENTRY_PREP: 16384,
  BARE_OPENER: 32768,
} as const

/** Bits of the money reader's slot `m`. */
export const M = {
  /** vocabulary.ts */
  CURRENCY: 1,
  THOUSAND: 2,
  MILLION: 4,
  CENT: 8,
  UNIT: 16,
  TIME: 32,
  CODE: 64,
  PHONE: 128,
  PRICE: 256,
  MONTH: 512,
  WEEKDAY: 1024,
  /** money-reader.ts */
  ORDINAL_SUFFIX: 2048,
  CODE_GAP: 4096,
  YEAR_LEAD: 8192,
  SINGULAR_S: 16384,
} as const

export type Slot = 'a' | 'c' | 'n' | 'w' | 'm'

/** The info of every word no list names: all bits clear. Never written. */
export const NO_INFO: Readonly<WordInfo> = Object.freeze(new WordInfo())

const TABLE = new Map<string, WordInfo>()

/*
 * The same words in an open-addressing table keyed by a hash the tokenizer works out while it
 * reads the word's letters (`hashStep`), so a word is found without cutting it out of the text
 * first: a known word's token takes the table's own string, and only unknown words are sliced.
 */
export const HASH_SEED = 0x811c9dc5 | 0
/** FNV-1a over UTF-16 code units. */
export function hashStep(h: number, c: number): number {
  return Math.imul(h ^ c, 0x01000193)
}
function hashOf(word: string): number {
  let h = HASH_SEED
  for (let i = 0; i < word.length; i++) h = hashStep(h, word.charCodeAt(i))
  return h
}
let mask = (1 << 12) - 1
let keys: (string | undefined)[] = new Array(mask + 1)
let hashes = new Int32Array(mask + 1)
let infos: WordInfo[] = new Array(mask + 1)
let count = 0

function place(word: string, h: number, info: WordInfo): void {
  let k = h & mask
  while (keys[k] !== undefined) k = (k + 1) & mask
  keys[k] = word
  hashes[k] = h
  infos[k] = info
}

function insert(word: string, info: WordInfo): void {
  if (2 * (count + 1) > mask + 1) {
    const old = { keys, infos }
    mask = 2 * mask + 1
    keys = new Array(mask + 1)
    hashes = new Int32Array(mask + 1)
    infos = new Array(mask + 1)
    for (let k = 0; k < old.keys.length; k++) {
      const w = old.keys[k]
      const i = old.infos[k]
      if (w !== undefined && i !== undefined) place(w, hashOf(w), i)
    }
  }
  place(word, hashOf(word), info)
  count++
}

/**
 * The table's slot of the word whose UTF-16 codes are `codes[start, end)` and whose `hashStep`
 * hash is `h`, or -1 when no list names it. `wordAtSlot` and `infoAtSlot` read the slot.
 */
export function findWord(codes: Uint16Array, start: number, end: number, h: number): number {
  const n = end - start
  let k = h & mask
  for (;;) {
    const key = keys[k]
    if (key === undefined) return -1
    if (hashes[k] === h && key.length === n) {
      let i = 0
      while (i < n && key.charCodeAt(i) === codes[start + i]) i++
      if (i === n) return k
    }
    k = (k + 1) & mask
  }
}
export function wordAtSlot(k: number): string {
  return keys[k] ?? ''
}
export function infoAtSlot(k: number): Readonly<WordInfo> {
  return infos[k] ?? NO_INFO
}

/** Sets `bit` of `slot` for each word. Called at module load only. */
export function addFlag(slot: Slot, bit: number, words: Iterable<string>): void {
  for (const word of words) {
    let info = TABLE.get(word)
    if (info === undefined) {
      info = new WordInfo()
      TABLE.set(word, info)
      insert(word, info)
    }
    info[slot] |= bit
  }
}

/** The info of a folded word (`NO_INFO` when no list names it). */
export function infoOf(word: string): Readonly<WordInfo> {
  return TABLE.get(word) ?? NO_INFO
}
