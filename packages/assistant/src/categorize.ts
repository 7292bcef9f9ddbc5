import {
  type Category,
  type EntryType,
  FALLBACK_CATEGORY,
  categoryType,
  isCategory,
} from '@equilibrai/shared'
import {
  CAPITALS_ONLY,
  CATEGORY_NAMES,
  EXPENSE_KEYWORDS,
  EXPENSE_WEAK,
  INCOME_KEYWORDS,
  INCOME_TRIGGERS,
} from './lexicon.ts'
import { type FuzzyIndex, buildFuzzy, fuzzyLookup, withinOneEdit } from './fuzzy.ts'
import { alignedOriginal, foldText } from './normalize.ts'
import { NUM, Role, type Token, WORD, tokenize } from './tokens.ts'
import { A, addFlag, infoOf } from './word-flags.ts'

/**
 * Categories from words. The lexicon is compiled at load into maps keyed by a phrase's first
 * word, longest phrase first, so a message is matched with one map lookup per word. Choice
 * rules: learned words (the user's own corrections) beat the lexicon; a strong word beats a
 * weak one; otherwise the earliest word wins, since Brazilians lead with the thing
 * ('uber pro mercado 20' is transport).
 */

type Phrase = {
  words: readonly string[]
  category: Category
  weak: boolean
  /** An income word that makes the message an income by itself. */
  trigger: boolean
  /** One capitals-only acronym ('DAS', 'IR'): it matches only when written in capitals. */
  capitalsOnly: boolean
}
type PhraseIndex = Map<string, Phrase[]>

/** The words of a message that categories are read from, with where each came from. */
export type WordSeq = {
  words: string[]
  /** Each word's singular (`singular`), worked out once for every index and learned word. */
  ones: string[]
  /** Which indexes have a phrase the word (or its singular) starts (HEAD bits): others skip it. */
  heads: number[]
  tokens: number[]
  /** The tokens and the original text the words came from (for a word's case, when it matters). */
  src: readonly Token[]
  original: string
  /** The learned words these categories were looked up in (`learnedCategories`), once per seq. */
  learnedFrom: Readonly<Record<string, Category>> | undefined
  learned: (Category | null)[]
}

export type CategoryMatch = {
  category: Category
  /** Token indexes of the matched phrase's first and last words. */
  token: number
  lastToken: number
  weak: boolean
  trigger: boolean
  length: number
  /** Found by the typo tolerance, not by an exact word: too weak to make an entry alone. */
  fuzzy: boolean
}

function phraseWords(phrase: string): string[] {
  const out: string[] = []
  for (const t of tokenize(foldText(phrase)))
    if (t.kind === WORD || t.kind === NUM) out.push(t.text)
  return out
}

const conflicts: string[] = []

function addTo(
  index: PhraseIndex,
  phrase: string,
  category: Category,
  weak: boolean,
  trigger: boolean,
): void {
  const words = phraseWords(phrase)
  const head = words[0]
  if (head === undefined) return
  const bucket = index.get(head) ?? []
  const key = words.join(' ')
  const existing = bucket.find((p) => p.words.join(' ') === key)
  if (existing) {
    if (existing.category !== category) conflicts.push(`${key}: ${existing.category} / ${category}`)
    return
  }
  const capitalsOnly = words.length === 1 && CAPITALS_ONLY.has(words[0] ?? '')
  bucket.push({ words, category, weak, trigger, capitalsOnly })
  bucket.sort((a, b) => b.words.length - a.words.length)
  index.set(head, bucket)
}

function addAll(
  index: PhraseIndex,
  groups: Partial<Record<Category, readonly string[]>>,
  weak: boolean,
  trigger: boolean,
): void {
  for (const [category, phrases] of Object.entries(groups)) {
    if (!isCategory(category) || phrases === undefined) continue
    for (const phrase of phrases) addTo(index, phrase, category, weak, trigger)
  }
}

const EXPENSE_INDEX: PhraseIndex = new Map()
addAll(EXPENSE_INDEX, EXPENSE_KEYWORDS, false, false)
addAll(EXPENSE_INDEX, EXPENSE_WEAK, true, false)

const INCOME_INDEX: PhraseIndex = new Map()
addAll(INCOME_INDEX, INCOME_TRIGGERS, false, true)
addAll(INCOME_INDEX, INCOME_KEYWORDS, false, false)

const TRIGGER_INDEX: PhraseIndex = new Map()
addAll(TRIGGER_INDEX, INCOME_TRIGGERS, false, true)

const NAME_INDEX: PhraseIndex = new Map()
addAll(NAME_INDEX, CATEGORY_NAMES, false, false)

// First words of the phrases of each index (word-flags.ts): the word's own lookup at tokenizing
// rules out every index that has no phrase starting with it.
const { EXPENSE_HEAD, INCOME_HEAD, TRIGGER_HEAD, NAME_HEAD } = A
const ANY_HEAD = EXPENSE_HEAD | INCOME_HEAD | TRIGGER_HEAD | NAME_HEAD
/** Capitals-only acronyms ('DAS', 'IR'): only for these is the original's case looked at. */
const CAPITALS = A.CAPITALS
addFlag('a', EXPENSE_HEAD, EXPENSE_INDEX.keys())
addFlag('a', INCOME_HEAD, INCOME_INDEX.keys())
addFlag('a', TRIGGER_HEAD, TRIGGER_INDEX.keys())
addFlag('a', NAME_HEAD, NAME_INDEX.keys())
addFlag('a', CAPITALS, CAPITALS_ONLY)

function headBit(index: PhraseIndex): number {
  if (index === EXPENSE_INDEX) return EXPENSE_HEAD
  if (index === INCOME_INDEX) return INCOME_HEAD
  if (index === TRIGGER_INDEX) return TRIGGER_HEAD
  return index === NAME_INDEX ? NAME_HEAD : ANY_HEAD
}

/** Phrases filed under two categories of the same type; a test keeps this empty. */
export function lexiconConflicts(): readonly string[] {
  return conflicts
}

/** How many phrases the compiled lexicon holds (for the README's claim, and a test). */
export function lexiconSize(): number {
  let n = 0
  for (const index of [EXPENSE_INDEX, INCOME_INDEX])
    for (const bucket of index.values()) n += bucket.length
  return n
}

// ---- Matching --------------------------------------------------------------------------------

/** Plural → singular, the regular Portuguese ways ('pizzas', 'botijões', 'pães', 'jornais'). */
export function singular(word: string): string {
  if (word.length <= 3 || !word.endsWith('s')) return word
  if (word.endsWith('oes') || word.endsWith('aes')) return `${word.slice(0, -3)}ao`
  if (word.endsWith('ais')) return `${word.slice(0, -3)}al`
  if (word.endsWith('eis')) return `${word.slice(0, -3)}el`
  if (word.endsWith('ns')) return `${word.slice(0, -2)}m`
  return word.slice(0, -1)
}

function sameWord(seq: WordSeq, p: number, lexiconWord: string): boolean {
  return seq.words[p] === lexiconWord || seq.ones[p] === lexiconWord
}

/** The longest phrase of `index` (whose HEAD bit is `bit`) that starts at word position p, or null. */
function phraseAt(seq: WordSeq, p: number, index: PhraseIndex, bit: number): Phrase | null {
  const word = seq.words[p]
  if (word === undefined || ((seq.heads[p] ?? 0) & bit) === 0) return null
  let bucket = index.get(word)
  if (bucket === undefined) {
    const one = seq.ones[p] ?? word
    if (one !== word) bucket = index.get(one)
  }
  if (bucket === undefined) return null
  for (const phrase of bucket) {
    let ok = true
    for (let k = 1; k < phrase.words.length && ok; k++) {
      const lexiconWord = phrase.words[k]
      ok = lexiconWord !== undefined && sameWord(seq, p + k, lexiconWord)
    }
    if (!ok) continue
    if (phrase.capitalsOnly && !inCapitals(seq, p)) continue
    return phrase
  }
  return null
}

/** Whether the word at p is a capitals-only acronym written in capitals ('DAS', 'IR'). */
function inCapitals(seq: WordSeq, p: number): boolean {
  // Case matters only for the capitals-only acronyms: no slice for any other word.
  if (((seq.heads[p] ?? 0) & CAPITALS) === 0) return false
  const t = seq.src[seq.tokens[p] ?? -1]
  const raw = t === undefined ? '' : seq.original.slice(t.start, t.end)
  return raw.length > 1 && raw === raw.toUpperCase()
}

function better(candidate: CategoryMatch, best: CategoryMatch | null): boolean {
  if (best === null) return true
  // Matches arrive in word order, so an equal-strength later match never replaces the best.
  return best.weak && !candidate.weak
}

function matchIndex(seq: WordSeq, index: PhraseIndex): CategoryMatch | null {
  let best: CategoryMatch | null = null
  const bit = headBit(index)
  for (let p = 0; p < seq.words.length; p++) {
    // Most words start no phrase of this index: one bit test, no call.
    if (((seq.heads[p] ?? 0) & bit) === 0) continue
    const phrase = phraseAt(seq, p, index, bit)
    if (phrase === null) continue
    const match: CategoryMatch = {
      category: phrase.category,
      token: seq.tokens[p] ?? 0,
      lastToken: seq.tokens[p + phrase.words.length - 1] ?? 0,
      weak: phrase.weak,
      trigger: phrase.trigger,
      length: phrase.words.length,
      fuzzy: false,
    }
    if (better(match, best)) best = match
    if (!best?.weak) break
    p += phrase.words.length - 1
  }
  return best
}

function learnedCategory(
  learned: Readonly<Record<string, Category>>,
  word: string,
  one: string,
): Category | null {
  const found = learnedAt(learned, word)
  if (found !== null) return found
  return one === word ? null : learnedAt(learned, one)
}

function learnedAt(learned: Readonly<Record<string, Category>>, key: string): Category | null {
  if (!Object.hasOwn(learned, key)) return null
  const value = learned[key]
  return typeof value === 'string' && isCategory(value) ? value : null
}

const FEW_LEARNED = 16

/**
 * Whether some word of `seq` (or its singular) is one of a few learned words, without making a
 * list of the learned words: `for…in` walks the object's cached keys. Null when there are more
 * than a few (then every word is looked up as before).
 */
function namesAny(seq: WordSeq, learned: Readonly<Record<string, Category>>): boolean | null {
  let count = 0
  let any = false
  for (const name in learned) {
    if (++count > FEW_LEARNED) return null
    if (!any && seqHas(seq, name)) any = true
  }
  return any
}

function seqHas(seq: WordSeq, name: string): boolean {
  for (let p = 0; p < seq.words.length; p++)
    if (seq.words[p] === name || seq.ones[p] === name) return true
  return false
}

/** Each word's learned category, looked up once per word sequence (the type is read apart). */
function learnedCategories(
  seq: WordSeq,
  learned: Readonly<Record<string, Category>>,
): (Category | null)[] {
  if (seq.learnedFrom === learned) return seq.learned
  // Usually no word of the message is learned: the shared empty list then answers null for
  // every word (`found[p] ?? null`), and no list is made.
  let found = NOT_LOOKED_UP
  // A few learned words (the usual case) are compared with the words: a property lookup by a
  // word just cut from the message costs more than a handful of string comparisons.
  if (namesAny(seq, learned) !== false) {
    for (let p = 0; p < seq.words.length; p++) {
      const word = seq.words[p] ?? ''
      const category = learnedCategory(learned, word, seq.ones[p] ?? word)
      if (category === null) continue
      if (found === NOT_LOOKED_UP) found = new Array<Category | null>(seq.words.length).fill(null)
      found[p] = category
    }
  }
  seq.learnedFrom = learned
  seq.learned = found
  return found
}

function matchLearned(
  seq: WordSeq,
  learned: Readonly<Record<string, Category>> | undefined,
  type: EntryType | null,
): CategoryMatch | null {
  if (learned === undefined) return null
  const found = learnedCategories(seq, learned)
  for (let p = 0; p < seq.words.length; p++) {
    const category = found[p] ?? null
    if (category === null || (type !== null && categoryType(category) !== type)) continue
    const token = seq.tokens[p] ?? 0
    return {
      category,
      token,
      lastToken: token,
      weak: false,
      trigger: false,
      length: 1,
      fuzzy: false,
    }
  }
  return null
}

const EXPENSE_FUZZY = buildFuzzy(EXPENSE_INDEX)
const INCOME_FUZZY = buildFuzzy(INCOME_INDEX)

/**
 * Short brand names people mistype all the time ('ifod', 'ubr', 'uberr'): too short for the
 * general typo rule (6+ letters), so only these few get one edit, keeping the first letter.
 */
const SHORT_BRANDS: ReadonlyMap<string, Phrase> = new Map(
  (
    [
      ['ifood', 'alimentacao'],
      ['uber', 'transporte'],
      ['rappi', 'alimentacao'],
      ['shopee', 'compras'],
    ] as const
  ).map(([word, category]) => [
    word,
    { words: [word], category, weak: false, trigger: false, capitalsOnly: false },
  ]),
)

/** The same phrases in their order, walked by index (no map iterator per word). */
const SHORT_BRAND_PHRASES: readonly Phrase[] = [...SHORT_BRANDS.values()]

function shortBrandTypo(word: string): Phrase | null {
  if (word.length < 3 || word.length > 7) return null
  const c = word.charCodeAt(0)
  // Only these first letters can start a typo of the brands above: one comparison for most words.
  if (c !== 105 && c !== 117 && c !== 114 && c !== 115) return null
  for (let k = 0; k < SHORT_BRAND_PHRASES.length; k++) {
    const phrase = SHORT_BRAND_PHRASES[k] as Phrase
    const brand = phrase.words[0] ?? ''
    if (
      brand.charCodeAt(0) === c &&
      Math.abs(brand.length - word.length) <= 1 &&
      withinOneEdit(word, brand)
    )
      return phrase
  }
  // 'ifud', 'ifoodd': the vowel sound people type for 'food'.
  if (c === 105 && word.charCodeAt(1) === 102 && /^if+[ou]+d+$/.test(word))
    return SHORT_BRANDS.get('ifood') ?? null
  return null
}

function matchFuzzy(seq: WordSeq, fuzzy: FuzzyIndex<Phrase>): CategoryMatch | null {
  for (let p = 0; p < seq.words.length; p++) {
    const word = seq.words[p] ?? ''
    const phrase =
      fuzzyLookup(word, fuzzy) ?? (fuzzy === EXPENSE_FUZZY ? shortBrandTypo(word) : null)
    if (phrase !== null) {
      const token = seq.tokens[p] ?? 0
      return {
        category: phrase.category,
        token,
        lastToken: token,
        weak: false,
        trigger: phrase.trigger,
        length: 1,
        fuzzy: true,
      }
    }
  }
  return null
}

/** The category words of a message, for an entry of `type`; null when none matches. */
export function findCategory(
  seq: WordSeq,
  type: EntryType,
  learned?: Readonly<Record<string, Category>>,
): CategoryMatch | null {
  return (
    matchLearned(seq, learned, type) ??
    matchIndex(seq, type === 'income' ? INCOME_INDEX : EXPENSE_INDEX) ??
    matchFuzzy(seq, type === 'income' ? INCOME_FUZZY : EXPENSE_FUZZY)
  )
}

/**
 * The type words suggest when no verb or sign says it: a learned word's type, else income when
 * an income word ('salário', 'freela', 'venda') comes before any strong expense word.
 */
export function typeFromWords(
  seq: WordSeq,
  learned?: Readonly<Record<string, Category>>,
): EntryType {
  const mine = matchLearned(seq, learned, null)
  if (mine) return categoryType(mine.category)
  const income = matchIndex(seq, TRIGGER_INDEX)
  if (income === null) return 'expense'
  const expense = matchIndex(seq, EXPENSE_INDEX)
  if (expense === null || expense.weak) return 'income'
  if (expense.token !== income.token) return expense.token < income.token ? 'expense' : 'income'
  // Same word starts both: the longer phrase is the more specific ('salário do funcionário').
  return expense.length > income.length ? 'expense' : 'income'
}

/** A category named outright ('lazer', 'contas da casa'). */
export function categoryNamed(seq: WordSeq): Category | null {
  return matchIndex(seq, NAME_INDEX)?.category ?? null
}

/**
 * A category named outright ('lazer', 'contas da casa'), else by its words ('uber'), looking
 * first among the categories of `prefer`.
 */
export function categoryByName(seq: WordSeq, prefer: EntryType = 'expense'): Category | null {
  const named = matchIndex(seq, NAME_INDEX)
  if (named) return named.category
  const [first, second] =
    prefer === 'income' ? [INCOME_INDEX, EXPENSE_INDEX] : [EXPENSE_INDEX, INCOME_INDEX]
  return (
    matchIndex(seq, first)?.category ??
    matchIndex(seq, second)?.category ??
    matchFuzzy(seq, prefer === 'income' ? INCOME_FUZZY : EXPENSE_FUZZY)?.category ??
    null
  )
}

/**
 * `WordSeq.learned` before `learnedCategories` has looked, and after it when no word is learned
 * (it replaces it, never writes it).
 */
const NOT_LOOKED_UP: (Category | null)[] = []

/** The roles whose words categories are read from, as a mask of `1 << role`. */
const WORD_ROLES = (1 << Role.FREE) | (1 << Role.VERB) | (1 << Role.BRAND) | (1 << Role.COMMAND)

/** The words categories are read from: words still free or verbs, and '99' read as the app. */
export function wordSeq(
  tokens: readonly Token[],
  original: string,
  from = 0,
  to = tokens.length,
): WordSeq {
  // Counted first, so each array is made at its size (no growth, a quarter of the memory).
  let n = 0
  for (let i = from; i < to; i++) if (isSeqWord(tokens[i])) n++
  const seq: WordSeq = {
    words: new Array<string>(n),
    ones: new Array<string>(n),
    heads: new Array<number>(n),
    tokens: new Array<number>(n),
    src: tokens,
    original,
    learnedFrom: undefined,
    learned: NOT_LOOKED_UP,
  }
  let p = 0
  for (let i = from; i < to && p < n; i++) {
    const t = tokens[i]
    if (t === undefined || !isSeqWord(t)) continue
    // The heads are the word's own bits (looked up at tokenizing) and its singular's.
    const one = singular(t.text)
    let heads = (t.kind === WORD ? t.info : infoOf(t.text)).a & (ANY_HEAD | CAPITALS)
    if (one !== t.text) heads |= infoOf(one).a & ANY_HEAD
    seq.words[p] = t.text
    seq.ones[p] = one
    seq.heads[p] = heads
    seq.tokens[p] = i
    p++
  }
  return seq
}

/** A word categories are read from: a word still free or a verb, or '99' read as the app. */
function isSeqWord(t: Token | undefined): boolean {
  if (t === undefined || ((WORD_ROLES >> t.role) & 1) === 0) return false
  return t.kind === WORD || (t.kind === NUM && t.role === Role.BRAND)
}

/** Category of a description for an entry of `type`; the type's catch-all when nothing matches. */
export function categorize(
  description: string,
  type: EntryType,
  learned?: Readonly<Record<string, Category>>,
): Category {
  const clipped = description.slice(0, 300)
  const tokens = tokenize(foldText(clipped))
  for (const t of tokens) if (t.kind === NUM && t.text === '99') t.role = Role.BRAND
  const seq = wordSeq(tokens, alignedOriginal(clipped))
  return findCategory(seq, type, learned)?.category ?? FALLBACK_CATEGORY[type]
}
