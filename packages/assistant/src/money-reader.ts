import { parseNumber } from '@equilibrai/shared'
import { readWordAmount } from './amount-words.ts'
import { NUM, Role, SYM, type Token, WORD, allDigits, infoAt, tokenAt, wordAt } from './tokens.ts'
import { MONTHS, NUMBER_WORDS } from './vocabulary.ts'
import { A, M, addFlag } from './word-flags.ts'

/**
 * The money reader (ARCHITECTURE §7). A message may hold several numbers; each is judged in
 * context and the one most likely to be the amount wins. Numbers that are something else
 * (phones, order numbers, dates, times, counts) are marked so and never become money.
 * Arithmetic is on integer centavos only: '2,5 mil' is 250_000 centavos, exactly.
 */

export type AmountMatch = {
  cents: number
  /** Token range the amount covers, including 'R$', 'reais', 'mil'. */
  first: number
  last: number
  /** +1 for '+50', -1 for '-50', 0 when unsigned. */
  sign: -1 | 0 | 1
  /** How strongly the shape says money (currency 40, signed 30, formatted 30, plain 20, year 10). */
  score: number
}

// '45,90', '1.234', '15.50': the number shapes live in packages/shared (money-text.ts), so the
// web's amount fields read a typed amount exactly as this reader does.
export { parseNumber }

// ---- Candidates ------------------------------------------------------------------------------

type Candidate = AmountMatch & { tokenIndex: number }

const SCORE_CURRENCY = 40
const SCORE_SIGNED = 30
const SCORE_FORMATTED = 30
const SCORE_PLAIN = 20
const SCORE_YEAR = 10
const PRICE_BONUS = 5

const ORDINAL_SUFFIX = new Set(['o', 'a', 'os', 'as'])
const ORDINAL_SYMBOLS = new Set(['º', 'ª', '°', '%'])
const BRAND_99_AFTER = new Set(['pop', 'taxi', 'moto', 'food'])
const BRAND_99_BEFORE = new Set([
  'no',
  'na',
  'do',
  'da',
  'de',
  'pelo',
  'pela',
  'o',
  'a',
  'com',
  'um',
])
const LEADING_ZERO = /^0\d/
const SMALL_INT = /^\d{1,2}$/
// Words before a year-like number that make it a year ('em 2025', 'desde 1990').
const YEAR_LEADS = new Set(['em', 'ano', 'desde', 'ate', 'nasci', 'de'])
addFlag('m', M.ORDINAL_SUFFIX, ORDINAL_SUFFIX)
addFlag('m', M.YEAR_LEAD, YEAR_LEADS)

function isSymAt(tokens: readonly Token[], i: number, symbol: string): boolean {
  if (i < 0) return false
  const t = tokens[i]
  return t !== undefined && t.kind === SYM && t.text === symbol
}

function setRole(tokens: Token[], first: number, last: number, role: Role): void {
  for (let k = first; k <= last; k++) {
    const t = tokens[k]
    if (t !== undefined) t.role = role
  }
}

/** Words of a plural noun right after a small number: '2 pizzas', '3 camisetas'. */
// Singular words that end in 's': '97 gás' is money for gas, not 97 of something.
const SINGULAR_S = new Set(['gas', 'onibus', 'tenis', 'lapis', 'oculos', 'pires', 'virus', 'bonus'])
addFlag('m', M.SINGULAR_S, SINGULAR_S)
const NOT_QUANTITY = M.SINGULAR_S | M.CURRENCY | M.MONTH | M.WEEKDAY

/** Whether the word token `t` is a plural noun that counts the number before it. */
function isQuantityNoun(t: Token): boolean {
  const word = t.text
  return (
    word.length >= 3 &&
    (t.info.m & NOT_QUANTITY) === 0 &&
    word.endsWith('s') &&
    (t.info.a & A.EDGE) === 0
  )
}

/**
 * What the shape around a number says it is when that is not money: 'abc123' a code, '10h' and
 * '14:30' times, '13º' and '50%' counts, '123-45' a code, '#4521' an order, '3x' and '20 litros'
 * counts. Returns the role and the last token it covers, or null when the shape allows money.
 */
function nonMoneyShape(tokens: readonly Token[], i: number): { role: Role; last: number } | null {
  const t = tokens[i]
  if (t === undefined) return null
  const prev = tokenAt(tokens, i - 1)
  const next = tokens[i + 1]
  const nextTouching = next !== undefined && !next.spaced
  const prevWord = wordAt(tokens, i - 1)
  const nextWord = wordAt(tokens, i + 1)
  const nextInfo = infoAt(tokens, i + 1)
  if (prev?.kind === WORD && !t.spaced && prevWord !== 'rs' && prevWord !== 'r') {
    return { role: Role.CODE, last: i }
  }
  // '001.234.567', '01310-100': a leading zero is an identifier's, never an amount's.
  if (t.text.charCodeAt(0) === 48 && LEADING_ZERO.test(t.text)) return { role: Role.CODE, last: i }
  // '12.345.678/0001-90', '100/4': numbers joined by a slash that were no date.
  const slashAfter =
    nextTouching &&
    isSymAt(tokens, i + 1, '/') &&
    tokens[i + 2]?.kind === NUM &&
    !tokens[i + 2]?.spaced
  const slashBefore =
    !t.spaced &&
    isSymAt(tokens, i - 1, '/') &&
    tokenAt(tokens, i - 2)?.kind === NUM &&
    !prev?.spaced
  if (slashAfter || slashBefore) return { role: Role.CODE, last: i }
  // Scores: '3 a 1', '2x0', '7 x 1'.
  const after = tokens[i + 2]
  if (
    (nextWord === 'x' || (nextWord === 'a' && next?.spaced)) &&
    after?.kind === NUM &&
    SMALL_INT.test(t.text) &&
    SMALL_INT.test(after.text)
  ) {
    return { role: Role.CODE, last: i + 2 }
  }
  // '1) mercado 50 2) uber 20': list numbers.
  if (
    nextTouching &&
    isSymAt(tokens, i + 1, ')') &&
    SMALL_INT.test(t.text) &&
    !isSymAt(tokens, i - 1, '(')
  ) {
    return { role: Role.CODE, last: i }
  }
  if (nextTouching && isSymAt(tokens, i + 1, ':') && tokens[i + 2]?.kind === NUM) {
    return { role: Role.TIME, last: i + 2 }
  }
  if (nextTouching && (nextInfo.m & M.TIME) !== 0) {
    const minutes = tokens[i + 2]
    return { role: Role.TIME, last: minutes?.kind === NUM && !minutes.spaced ? i + 2 : i + 1 }
  }
  if (nextTouching && next.kind === SYM && ORDINAL_SYMBOLS.has(next.text)) {
    return { role: Role.COUNT, last: i + 1 }
  }
  if (nextTouching && (nextInfo.m & M.ORDINAL_SUFFIX) !== 0)
    return { role: Role.COUNT, last: i + 1 }
  const dashedAfter =
    nextTouching &&
    isSymAt(tokens, i + 1, '-') &&
    tokens[i + 2]?.kind === NUM &&
    !tokens[i + 2]?.spaced
  const dashedBefore =
    !t.spaced &&
    isSymAt(tokens, i - 1, '-') &&
    tokenAt(tokens, i - 2)?.kind === NUM &&
    !prev?.spaced
  // 'ABC-1234' (a plate), 'AB-123': letters, a dash and digits, all touching.
  const lettersBefore =
    !t.spaced &&
    isSymAt(tokens, i - 1, '-') &&
    !prev?.spaced &&
    tokenAt(tokens, i - 2)?.kind === WORD
  if (dashedAfter || dashedBefore || lettersBefore) return { role: Role.CODE, last: i }
  if (
    isSymAt(tokens, i - 1, '#') ||
    ((isSymAt(tokens, i - 1, 'º') || isSymAt(tokens, i - 1, '°')) && wordAt(tokens, i - 2) === 'n')
  ) {
    return { role: Role.CODE, last: i }
  }
  if ((infoAt(tokens, i - 1).m & M.PHONE) !== 0 && allDigits(t.text) && t.text.length >= 8) {
    return { role: Role.PHONE, last: i }
  }
  if (nextInfo.m & M.UNIT) return { role: Role.COUNT, last: i + 1 }
  return null
}

function isYearLike(text: string): boolean {
  const n = Number(text)
  return n >= 1900 && n <= 2100
}

// What may stand between an identifier word and its number: 'pedido nº', 'número do pedido é'.
const CODE_GAP = new Set([
  'de',
  'do',
  'da',
  'e',
  'eh',
  'o',
  'a',
  'meu',
  'minha',
  'no',
  'n',
  'numero',
])
addFlag('m', M.CODE_GAP, CODE_GAP)

/** An identifier word ('pedido', 'nf', 'cpf') within a few filler words before token i. */
function codeWordBefore(tokens: readonly Token[], i: number): boolean {
  for (let k = i - 1, steps = 0; k >= 0 && steps < 4; k--, steps++) {
    const t = tokens[k]
    if (t === undefined) return false
    if (t.kind === SYM) {
      if (t.text === ':' || t.text === '#' || t.text === 'º' || t.text === '°' || t.text === '-')
        continue
      return false
    }
    if (t.kind !== WORD) return false
    if (t.info.m & M.CODE) return true
    if ((t.info.m & M.CODE_GAP) === 0) return false
  }
  return false
}

/**
 * Judges the number token at i. Returns a candidate, or null after marking the token with
 * what it is instead (a code, a time, a count).
 */
function judge(tokens: Token[], i: number): Candidate | null {
  const t = tokens[i]
  if (t === undefined) return null
  const shape = nonMoneyShape(tokens, i)
  if (shape) {
    setRole(tokens, i, shape.last, shape.role)
    // '13º', 'décimo 3º': the thirteenth salary, a word for the categoriser (like '99').
    if (
      shape.role === Role.COUNT &&
      (t.text === '13' || (t.text === '3' && wordAt(tokens, i - 1) === 'decimo'))
    )
      t.role = Role.BRAND
    return null
  }
  const next = tokens[i + 1]
  const prevWord = wordAt(tokens, i - 1)
  const plain = allDigits(t.text)

  // Money signals: a currency mark before, a currency or scale word after, a sign, a format.
  let first = i
  let last = i
  let currency = false
  let sign: -1 | 0 | 1 = 0
  if (isSymAt(tokens, i - 1, '$')) {
    currency = true
    first = i - 1
    const r = wordAt(tokens, i - 2)
    if ((r === 'r' || r === 'us') && !tokenAt(tokens, i - 1)?.spaced) first = i - 2
  } else if (prevWord === 'rs' || prevWord === 'brl') {
    currency = true
    first = i - 1
  }
  const signToken = tokenAt(tokens, first - 1)
  if (!tokens[first]?.spaced && signToken?.kind === SYM && signToken.spaced) {
    if (signToken.text === '+') sign = 1
    else if (signToken.text === '-') sign = -1
    if (sign !== 0) first -= 1
  }

  let factor = 1
  let extraCents = 0
  let centsOnly = false
  let j = i + 1
  const w = infoAt(tokens, j).m
  if (w & M.THOUSAND) {
    factor = 1000
    last = j
    j++
  } else if (w & M.MILLION) {
    factor = 1_000_000
    last = j
    j++
  } else if (w & M.CENT && plain) {
    centsOnly = true
    last = j
    j++
  }
  if (factor > 1 && wordAt(tokens, j) === 'e' && tokens[j + 1]?.kind === NUM) {
    // '2 mil e 500'
    const rest = tokens[j + 1]
    if (rest !== undefined && /^\d{1,3}$/.test(rest.text)) {
      extraCents = Number(rest.text) * 100
      last = j + 1
      j += 2
    }
  }
  if (!centsOnly && (infoAt(tokens, j).m & M.CURRENCY) !== 0) {
    currency = true
    last = j
    j++
    // '12 reais e 50 centavos'
    const cents = tokens[j + 1]
    if (
      wordAt(tokens, j) === 'e' &&
      cents?.kind === NUM &&
      /^\d{1,2}$/.test(cents.text) &&
      (infoAt(tokens, j + 2).m & M.CENT) !== 0
    ) {
      extraCents += Number(cents.text)
      last = j + 2
    }
  } else if (wordAt(tokens, j) === 'r' && isSymAt(tokens, j + 1, '$')) {
    // '50R$', '50 R$': the sign written after the number.
    currency = true
    last = j + 1
  }

  let cents: number | null
  if (centsOnly) cents = Number(t.text)
  else {
    cents = parseNumber(t.text, factor)
    if (cents !== null) cents += extraCents
  }
  if (cents === null) {
    t.role = Role.CODE
    return null
  }

  const strong = currency || factor > 1 || centsOnly
  // '9BWZZZ377…', '3abc': digits running into letters that are no unit, scale or currency.
  if (!strong && last === i && next?.kind === WORD && !next.spaced) {
    t.role = Role.CODE
    return null
  }
  // 8+ bare digits with nothing saying money: a password, a code, a document.
  if (!strong && sign === 0 && plain && t.text.length >= 8) {
    t.role = Role.CODE
    return null
  }
  // An identifier word before the number wins unless the number is plainly money ('pedido
  // 45,90'): 'NF 001.234.567', 'pedido 123.456', 'o número do pedido é 2.345.678'.
  if (!strong && !t.text.includes(',') && codeWordBefore(tokens, first)) {
    t.role = Role.CODE
    return null
  }
  if (plain && !strong && sign === 0 && t.text.length === 4 && isYearLike(t.text)) {
    const lead = wordAt(tokens, i - 1)
    if (
      (infoAt(tokens, i - 1).m & M.YEAR_LEAD) !== 0 &&
      (lead !== 'de' || wordAt(tokens, i - 2) === 'ano')
    ) {
      t.role = Role.DATE
      return null
    }
  }
  // A plain number with nothing strong is whole reais: its centavos say its value (no Number).
  if (prevWord === 'as' && plain && !strong && cents <= 2300) {
    // 'às 10' (folded 'as 10') is a time of day.
    t.role = Role.TIME
    return null
  }
  if (
    plain &&
    !strong &&
    sign === 0 &&
    cents <= 9900 &&
    next?.spaced &&
    !next.newLine &&
    next.kind === WORD &&
    next.role === Role.FREE &&
    isQuantityNoun(next)
  ) {
    t.role = Role.COUNT
    return null
  }

  let score: number
  if (strong) score = SCORE_CURRENCY
  else if (sign !== 0) score = SCORE_SIGNED
  else if (!plain) score = SCORE_FORMATTED
  else if (t.text.length === 4 && isYearLike(t.text)) score = SCORE_YEAR
  else score = SCORE_PLAIN
  if (infoAt(tokens, first - 1).m & M.PRICE) score += PRICE_BONUS
  return { cents, first, last, sign, score, tokenIndex: i }
}

// After a written number without 'reais', the words that still make it money ('trinta e cinco
// no almoço', 'vinte de uber'); before it, the verbs that do ('paguei trinta').
const LOOSE_AFTER = new Set([
  'no',
  'na',
  'nos',
  'nas',
  'de',
  'do',
  'da',
  'em',
  'pro',
  'pra',
  'com',
  'num',
  'numa',
])
const LOOSE_BEFORE = new Set([
  'gastei',
  'paguei',
  'gastamos',
  'pagamos',
  'uns',
  'umas',
  'deu',
  'foi',
  'custou',
  'recebi',
  'ganhei',
  'entrou',
])
const SCORE_WORDS = 15

/**
 * 'cinquenta reais', 'dois mil reais', 'vinte e cinco conto': written numbers before a currency;
 * without one, 'trinta e cinco no almoço' and 'paguei trinta' (never 'um'/'uma' alone: those
 * are articles).
 */
function judgeWords(tokens: readonly Token[], i: number): Candidate | null {
  const w = readWordAmount(tokens, i)
  if (w === null) return null
  const { cents } = w
  if (w.currency) {
    return { cents, first: i, last: w.last, sign: 0, score: SCORE_CURRENCY, tokenIndex: i }
  }
  const first = wordAt(tokens, i)
  const next = wordAt(tokens, w.last + 1)
  const after = tokens[w.last + 1]
  // 'almoço treze e noventa', 'estacionamento dez': a written number closing the message
  // right after what was bought.
  // It closes an item of a list too: 'mercado cinquenta e farmácia vinte', one per line.
  const closesItem =
    after === undefined ||
    after.newLine ||
    (after.kind !== WORD && after.kind !== NUM) ||
    (next === 'e' &&
      tokens[w.last + 2]?.kind === WORD &&
      !NUMBER_START.has(wordAt(tokens, w.last + 2)))
  const closing =
    closesItem &&
    i > 0 &&
    tokenAt(tokens, i - 1)?.kind === WORD &&
    !NUMBER_START.has(wordAt(tokens, i - 1))
  const loose =
    (cents >= 200 || w.split) &&
    (w.thousands || w.split || (first !== 'um' && first !== 'uma')) &&
    wordAt(tokens, i - 1) !== 'as' &&
    (LOOSE_BEFORE.has(wordAt(tokens, i - 1)) ||
      closing ||
      (LOOSE_AFTER.has(next) && !MONTHS.has(wordAt(tokens, w.last + 2))))
  if (!loose) return null
  return { cents, first: i, last: w.last, sign: 0, score: SCORE_WORDS, tokenIndex: i }
}

const NUMBER_START = new Set([...NUMBER_WORDS.keys(), 'mil'])
addFlag('a', A.NUMBER_START, NUMBER_START)

/** Whether the token at i is a word that can start an amount in words (or is 'mil'). */
function numberStartAt(tokens: readonly Token[], i: number): boolean {
  if (i < 0) return false
  const t = tokens[i]
  return t !== undefined && (t.info.a & A.NUMBER_START) !== 0
}

/**
 * Finds the amount among the message's tokens (already marked for phones and dates), marks
 * its tokens AMOUNT and returns it; null when no number in the message is money.
 */
export function readAmount(tokens: Token[]): AmountMatch | null {
  return readAmounts(tokens).best
}

/**
 * The amount (`best`) and every number that could have been one (`all`, message order): a
 * message with several items ('uber 20 e ifood 40') has one per item.
 */
export function readAmounts(tokens: Token[]): { best: AmountMatch | null; all: AmountMatch[] } {
  const candidates: Candidate[] = []
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (t === undefined || t.role !== Role.FREE) continue
    if (t.kind === NUM) {
      // '99pop', '99 taxi': the ride app, not ninety-nine reais.
      if (t.text === '99' && BRAND_99_AFTER.has(wordAt(tokens, i + 1))) {
        t.role = Role.BRAND
        continue
      }
      const c = judge(tokens, i)
      if (c) {
        candidates.push(c)
        // Its words ('reais e 50 centavos', 'mil e 500') belong to it, not to a new candidate.
        i = Math.max(i, c.last)
      }
    } else if (
      t.kind === WORD &&
      (t.info.a & A.NUMBER_START) !== 0 &&
      (i === 0 || tokenAt(tokens, i - 1)?.kind !== WORD || !numberStartAt(tokens, i - 1))
    ) {
      const c = judgeWords(tokens, i)
      if (c) {
        candidates.push(c)
        i = c.last
      }
    }
  }
  if (candidates.length === 0) return { best: null, all: [] }
  if (candidates.length > 1) {
    // '99' with an article before it, or first in the message, is the ride app when another
    // number can be the amount: 'paguei 15 no 99', '99 15,00'.
    for (let k = candidates.length - 1; k >= 0; k--) {
      const c = candidates[k]
      const tok = c === undefined ? undefined : tokens[c.tokenIndex]
      if (c === undefined || tok === undefined || tok.text !== '99' || c.score !== SCORE_PLAIN)
        continue
      if (c.tokenIndex === 0 || BRAND_99_BEFORE.has(wordAt(tokens, c.tokenIndex - 1))) {
        tok.role = Role.BRAND
        candidates.splice(k, 1)
        if (candidates.length === 1) break
      }
    }
  }
  let best = candidates[0]
  for (const c of candidates) if (best === undefined || c.score >= best.score) best = c
  if (best === undefined) return { best: null, all: [] }
  setRole(tokens, best.first, best.last, Role.AMOUNT)
  // Candidates are AmountMatches already (plus their token index): no copies on the hot path.
  return { best, all: candidates }
}
