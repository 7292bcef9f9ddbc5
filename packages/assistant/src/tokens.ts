import {
  HASH_SEED,
  NO_INFO,
  type WordInfo,
  findWord,
  hashStep,
  infoAtSlot,
  wordAtSlot,
} from './word-flags.ts'

/**
 * The tokenizer. A message is cut once into words, numbers and symbols over its folded text
 * (see normalize.ts); every later pass (dates, money, commands, categories) walks this array
 * and marks tokens with a role, so no pass reads a token another pass already claimed.
 */

export const WORD = 1
export const NUM = 2
export const SYM = 3
export type TokenKind = typeof WORD | typeof NUM | typeof SYM

/** What a pass decided a token is. FREE tokens can still become part of a description. */
export const Role = {
  FREE: 0,
  AMOUNT: 1,
  DATE: 2,
  PHONE: 3,
  CODE: 4,
  TIME: 5,
  COUNT: 6,
  VERB: 7,
  FILLER: 8,
  BRAND: 9,
  COMMAND: 10,
} as const
export type Role = (typeof Role)[keyof typeof Role]

export class Token {
  kind: TokenKind
  start: number
  end: number
  /** Folded text of the token. */
  text: string
  /** Whitespace (or the start of the message) right before the token. */
  spaced: boolean
  /** A line break right before the token: a new line starts a new item. */
  newLine: boolean
  role: Role
  /** What the word is (word-flags.ts), looked up once here; `NO_INFO` for numbers and symbols. */
  info: Readonly<WordInfo>

  constructor(
    kind: TokenKind,
    start: number,
    end: number,
    text: string,
    spaced: boolean,
    info: Readonly<WordInfo> = NO_INFO,
  ) {
    this.kind = kind
    this.start = start
    this.end = end
    this.text = text
    this.spaced = spaced
    this.newLine = false
    this.role = Role.FREE
    this.info = info
  }
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57
}

function isLetter(c: number): boolean {
  return c >= 97 && c <= 122
}

function push(tokens: Token[], t: Token, newLine: boolean): void {
  if (newLine) t.newLine = true
  tokens.push(t)
}

/*
 * The text's UTF-16 codes, copied once per call into one reused buffer: the scan below reads
 * only this array. Read straight off the string, every `charCodeAt` site here saw each kind
 * of string V8 makes (literal, lowercased copy, accent-folded concatenation, slice, two-byte):
 * the lexicon built at module load and the messages feed this function strings of every
 * representation, its property loads went megamorphic, and the same scan ran ≈ 1.6× slower than
 * a fresh copy of it (ADR 031, 2026-11-26 late). A typed array has one shape. `tokenize` never
 * re-enters itself, so one buffer serves every call; `codes[len]` is 0, which ends every run.
 */
let codesBuffer = new Uint16Array(512)

function codesOf(text: string): Uint16Array {
  const len = text.length
  if (len >= codesBuffer.length) codesBuffer = new Uint16Array(2 * len + 1)
  const codes = codesBuffer
  for (let i = 0; i < len; i++) codes[i] = text.charCodeAt(i)
  codes[len] = 0
  return codes
}

/**
 * Cut folded text into tokens. A number keeps its inner separators ('1.234,56'); a word keeps
 * '&' and "'" between letters ('c&a', "mc donald's"); a hyphen between two letters separates
 * words like a space does ('segunda-feira'), so phrase matching sees 'segunda feira'.
 */
export function tokenize(folded: string): Token[] {
  const tokens: Token[] = []
  const len = folded.length
  const codes = codesOf(folded)
  let i = 0
  let spaced = true
  let newLine = false
  while (i < len) {
    const c = codes[i] as number
    if (c <= 32) {
      spaced = true
      if (c === 10 || c === 13) newLine = true
      i++
      continue
    }
    const start = i
    // ',99' typed for '0,99': a separator opening a number counts only after a space.
    const leadingSeparator = (c === 44 || c === 46) && spaced && isDigit(codes[i + 1] as number)
    if (isDigit(c) || leadingSeparator) {
      i++
      while (i < len) {
        const d = codes[i] as number
        if (isDigit(d)) i++
        else if ((d === 44 || d === 46) && isDigit(codes[i + 1] as number)) i += 2
        else break
      }
      push(tokens, new Token(NUM, start, i, folded.slice(start, i), spaced), newLine)
    } else if (isLetter(c)) {
      // The word's hash is worked out as its letters are read: a known word is found in the
      // flags table (word-flags.ts) without being cut out, and takes the table's string.
      let h = hashStep(HASH_SEED, c)
      i++
      while (i < len) {
        const d = codes[i] as number
        if (isLetter(d)) {
          h = hashStep(h, d)
          i++
        } else if ((d === 38 || d === 39) && isLetter(codes[i + 1] as number)) {
          h = hashStep(hashStep(h, d), codes[i + 1] as number)
          i += 2
        } else break
      }
      const k = findWord(codes, start, i, h)
      const word =
        k < 0
          ? new Token(WORD, start, i, folded.slice(start, i), spaced)
          : new Token(WORD, start, i, wordAtSlot(k), spaced, infoAtSlot(k))
      push(tokens, word, newLine)
      if ((codes[i] as number) === 45 && isLetter(codes[i + 1] as number)) {
        i++
        spaced = true
        continue
      }
    } else {
      i++
      push(tokens, new Token(SYM, start, i, folded[start] ?? '', spaced), newLine)
    }
    spaced = false
    newLine = false
  }
  return tokens
}

/**
 * The token at `i`, or undefined out of range. Every reader looks one or two tokens back from
 * the first token: `tokens[-1]` is a named-property lookup (slow in V8), so the index is checked
 * first. Reading past the end is an ordinary array miss and needs no check.
 */
export function tokenAt(tokens: readonly Token[], i: number): Token | undefined {
  return i >= 0 ? tokens[i] : undefined
}

/** Digits only, at least one (/^\d+$/ without a regex: this runs for every number). */
export function allDigits(text: string): boolean {
  if (text.length === 0) return false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 48 || c > 57) return false
  }
  return true
}

/** Sets the role of the token at `i`, if there is one. */
export function setRoleAt(tokens: readonly Token[], i: number, role: Role): void {
  if (i < 0) return
  const t = tokens[i]
  if (t !== undefined) t.role = role
}

/** The folded text of the word token at `i`, or '' when it is not a word (or out of range). */
export function wordAt(tokens: readonly Token[], i: number): string {
  if (i < 0) return ''
  const t = tokens[i]
  return t !== undefined && t.kind === WORD ? t.text : ''
}

/** The word info of the token at `i` (`NO_INFO` for numbers, symbols and out of range). */
export function infoAt(tokens: readonly Token[], i: number): Readonly<WordInfo> {
  if (i < 0) return NO_INFO
  const t = tokens[i]
  return t === undefined ? NO_INFO : t.info
}

/** The symbol at `i`, or '' when it is not a symbol (or out of range). */
export function symAt(tokens: readonly Token[], i: number): string {
  if (i < 0) return ''
  const t = tokens[i]
  return t !== undefined && t.kind === SYM ? t.text : ''
}
