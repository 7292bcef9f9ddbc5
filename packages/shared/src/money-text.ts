/**
 * Amounts as Brazilians type them, shared by the assistant's money reader and the web's amount
 * fields, so '23' is R$ 23,00 on WhatsApp and on the page alike (issue 26).
 */
import type { Cents } from './money.ts'

const MAX_DIGITS = 13

/**
 * Centavos of a number as Brazilians write it: '45,90', '1.234,56', '1.234' (a dot before
 * exactly three digits groups thousands), '15.50' (two digits after a dot are centavos),
 * ',99'. `factor` scales before rounding so '2,5' × 1000 stays exact. Null for shapes that
 * are not money ('1234.567', '1.23.4') and for digit runs that look like phone numbers.
 */
export function parseNumber(text: string, factor = 1): number | null {
  let separators = 0
  let last = -1
  let groupChar = 0
  let mixed = false
  // Digits and separators only (every number the money reader meets): its values are read in
  // place; any other text is read by `Number`, as it always was.
  let plain = true
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 48 || c > 57) plain = plain && (c === 44 || c === 46)
    if (c === 44 || c === 46) {
      if (last >= 0 && groupChar === 0) groupChar = text.charCodeAt(last)
      else if (last >= 0 && text.charCodeAt(last) !== groupChar) mixed = true
      separators++
      last = i
    }
  }
  if (separators === 0) {
    // A long bare digit run is a phone, a document, a code: nobody types R$ 1 bilhão so.
    if (factor === 1 && (text.length >= 10 || (text.length === 9 && text[0] === '9'))) return null
    return centsOf(numberIn(text, 0, text.length, plain), 0, 0, factor)
  }
  // The head is text[0, last), the tail text(last, end): read in place, never cut out.
  const tailLength = text.length - last - 1
  const tail = numberIn(text, last + 1, text.length, plain)
  const lastChar = text.charCodeAt(last)
  if (mixed) return null
  if (last === 0)
    return separators === 1 && tailLength <= 2 ? centsOf(0, tail, tailLength, factor) : null
  let decimal: boolean
  if (separators === 1) {
    if (tailLength <= 2) decimal = true
    else if (tailLength === 3) decimal = factor > 1 && lastChar === 44
    else return null
  } else {
    // '1.234.567' groups all the way; '1.234.567,89' ends with centavos after the other mark.
    decimal = lastChar !== groupChar
    if (decimal && tailLength > (factor > 1 ? 3 : 2)) return null
    if (!decimal && tailLength !== 3) return null
  }
  const end = decimal ? last : text.length
  if (!validGrouping(text, end)) return null
  return decimal
    ? centsOf(numberIn(text, 0, end, plain), tail, tailLength, factor)
    : centsOf(numberIn(text, 0, end, plain), 0, 0, factor)
}

/** '1', '12', '123', '1.234', '12.345.678' in text[0, end): the first group 1-3 digits, every other exactly 3. */
function validGrouping(text: string, end: number): boolean {
  let run = 0
  let first = true
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i)
    if (c === 44 || c === 46) {
      if (first ? run < 1 || run > 3 : run !== 3) return false
      first = false
      run = 0
    } else run++
  }
  return first || run === 3
}

/**
 * `Number(text.slice(from, to).replace(/[.,]/g, ''))`: for `plain` text (digits and separators)
 * worked out from the digits in place, without the cut, the replace and the parse — exact up to
 * 2^53, far past the 13 digits allowed (beyond, both are past that limit), and 0 for no digits
 * as `Number('')` is.
 */
function numberIn(text: string, from: number, to: number, plain: boolean): number {
  if (!plain) return Number(text.slice(from, to).replace(/[.,]/g, ''))
  let n = 0
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i)
    if (c !== 44 && c !== 46) n = n * 10 + (c - 48)
  }
  return n
}

const TOO_MANY_REAIS = 10 ** MAX_DIGITS
// 10 ** n for the fraction's digits, looked up (parsing runs for every number of every message).
const SCALES = [1, 10, 100, 1000, 10_000]

/** Centavos of `reais` and a fraction of `digits` digits whose value is `fraction`. */
function centsOf(reais: number, fraction: number, digits: number, factor: number): number | null {
  if (reais >= TOO_MANY_REAIS) return null
  const scale = SCALES[digits] ?? 10 ** digits
  // fraction × 100 × factor / 10^len must come out whole: '2,5 mil' is fine, '1,2345 mil' is not.
  const fractionCents = (fraction * 100 * factor) / scale
  if (!Number.isInteger(fractionCents)) return null
  const cents = reais * 100 * factor + fractionCents
  return Number.isSafeInteger(cents) ? cents : null
}

/**
 * The centavos an amount field holds, as typed or pasted: '23' → 2300, '1.500' → 150000,
 * '23,5' → 2350, 'R$ 1.234,56' → 123456. Null when empty or not an amount ('1.23.4', '12a').
 */
export function readTypedAmount(text: string): Cents | null {
  const bare = text
    .replace(/[\s\u00a0]+/g, '')
    .replace(/^R\$/i, '')
    .replace(/^\+/, '')
  if (!/^[\d.,]*\d[\d.,]*$/.test(bare)) return null
  return parseNumber(bare)
}
