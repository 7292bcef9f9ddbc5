import { EDGE_WORDS, EXPENSE_VERBS, INCOME_VERBS, NEUTRAL_VERBS } from './vocabulary.ts'

/**
 * Typo tolerance for category words: a word of 6+ letters one edit (insertion, deletion,
 * substitution, swap) away from a lexicon word matches it ('restaurate' → 'restaurante').
 * Shorter words are too easy to confuse ('ubr' is not 'uber' and 'bar' is not 'bar'), so they
 * never match loosely. Lookups use a deletion index built once at load: a word and every
 * one-letter deletion of it are keys, so a query costs a handful of map lookups, not a scan.
 */

const FUZZY_MIN = 6

type Keyword = { readonly words: readonly string[]; readonly weak: boolean }
export type FuzzyIndex<P extends Keyword> = Map<string, P[]>

function deletions(word: string): string[] {
  const out: string[] = []
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1))
  return out
}

/** Indexes the strong single-word keywords of 6+ letters of a phrase index. */
export function buildFuzzy<P extends Keyword>(
  index: ReadonlyMap<string, readonly P[]>,
): FuzzyIndex<P> {
  const fuzzy: FuzzyIndex<P> = new Map()
  for (const bucket of index.values()) {
    for (const phrase of bucket) {
      const word = phrase.words[0]
      if (
        phrase.words.length !== 1 ||
        phrase.weak ||
        word === undefined ||
        word.length < FUZZY_MIN
      ) {
        continue
      }
      for (const key of [word, ...deletions(word)]) {
        const list = fuzzy.get(key) ?? []
        list.push(phrase)
        fuzzy.set(key, list)
      }
    }
  }
  return fuzzy
}

/** Optimal string alignment distance ≤ 1. */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  if (i === a.length || i === b.length) return true
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true // substitution
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2) // swap
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1)
}

// Grammar words and verbs are never typos of a category word ('paguei' is not 'pague menos').
const NOT_FUZZY = new Set([...EDGE_WORDS, ...EXPENSE_VERBS, ...INCOME_VERBS, ...NEUTRAL_VERBS])

function typoAt<P extends Keyword>(word: string, key: string, fuzzy: FuzzyIndex<P>): P | null {
  const list = fuzzy.get(key)
  if (list === undefined) return null
  for (const phrase of list) {
    const target = phrase.words[0]
    // Typos keep the first letter; requiring it avoids 'previsao' → 'revisao'.
    if (target !== undefined && target[0] === word[0] && withinOneEdit(word, target)) return phrase
  }
  return null
}

function typoOf<P extends Keyword>(word: string, fuzzy: FuzzyIndex<P>): P | null {
  const exact = typoAt(word, word, fuzzy)
  if (exact !== null) return exact
  for (let i = 0; i < word.length; i++) {
    const found = typoAt(word, word.slice(0, i) + word.slice(i + 1), fuzzy)
    if (found !== null) return found
  }
  return null
}

// Answers already worked out, per index: words repeat from message to message, and a lookup
// builds every one-letter deletion of the word. Bounded: emptied when it grows past the limit.
const MEMO_LIMIT = 4096
const memos = new WeakMap<FuzzyIndex<Keyword>, Map<string, Keyword | null>>()

/** The keyword `word` is a typo of, or null. */
export function fuzzyLookup<P extends Keyword>(word: string, fuzzy: FuzzyIndex<P>): P | null {
  if (word.length < FUZZY_MIN || NOT_FUZZY.has(word)) return null
  let memo = memos.get(fuzzy) as Map<string, P | null> | undefined
  if (memo === undefined) {
    memo = new Map()
    memos.set(fuzzy, memo as Map<string, Keyword | null>)
  }
  const known = memo.get(word)
  if (known !== undefined) return known
  const found = typoOf(word, fuzzy)
  if (memo.size >= MEMO_LIMIT) memo.clear()
  memo.set(word, found)
  return found
}
