import { type Token, wordAt } from './tokens.ts'
import { CENT_WORDS, CURRENCY_WORDS, NUMBER_WORDS } from './vocabulary.ts'

/**
 * Amounts written in words, the way people say prices (issue 24):
 *
 *   'cento e vinte' = 120 · 'mil e duzentos' = 1.200 · 'vinte e cinco' = 25
 *   'treze e noventa' = 13,90 · 'um e vinte' = 1,20 · 'trinta e dois e noventa' = 32,90
 *   'dois reais e cinquenta' = 2,50 · 'dois reais e cinquenta centavos' = 2,50
 *
 * A number group fills slots from the largest down (hundreds, tens, units; 'treze' fills tens
 * and units). After 'e', a word that fits a slot below the ones filled continues the number
 * ('cento e vinte', 'vinte e cinco'); one that does not fit ('treze e noventa', 'um e vinte')
 * starts the centavos — no integer is ever read as 103 or 1.390.
 */

export type WordAmount = {
  cents: number
  /** Token index of the last word of the amount. */
  last: number
  /** Followed by 'reais' (or 'conto', 'pila'…), which is part of the amount. */
  currency: boolean
  /** Read as reais and centavos ('treze e noventa'): only prices are said so. */
  split: boolean
  /** Had 'mil'. */
  thousands: boolean
}

const HUNDREDS = 3
const TENS = 2
const UNITS = 1

/** The lowest slot a number word fills: 1 units, 2 tens (and teens), 3 hundreds. */
function slotOf(n: number): number {
  if (n >= 100) return HUNDREDS
  if (n >= 10) return n < 20 ? UNITS : TENS // a teen fills units too: nothing follows it
  return UNITS
}

type Group = { value: number; lowest: number; last: number }

/** One group below a thousand starting at token i ('trinta e dois'), or null. */
function readGroup(tokens: readonly Token[], i: number): Group | null {
  const n = NUMBER_WORDS.get(wordAt(tokens, i))
  if (n === undefined) return null
  let value = n
  let lowest = slotOf(n)
  let last = i
  // 'cem' is exactly 100: 'cento' takes more.
  if (wordAt(tokens, i) === 'cem') return { value, lowest: UNITS, last }
  while (wordAt(tokens, last + 1) === 'e') {
    const next = NUMBER_WORDS.get(wordAt(tokens, last + 2))
    if (next === undefined || next >= 100 || slotOf(next) >= lowest) break
    // 'vinte e cinco': units after tens; 'cento e dez': a teen after hundreds.
    if (next >= 10 && next < 20 && lowest !== HUNDREDS) break
    value += next
    lowest = next >= 10 && next < 20 ? UNITS : slotOf(next)
    last += 2
  }
  return { value, lowest, last }
}

/** The amount in words starting at token i, or null when no number word starts there. */
export function readWordAmount(tokens: readonly Token[], i: number): WordAmount | null {
  let total = 0
  let thousands = false
  let g = readGroup(tokens, i)
  if (wordAt(tokens, i) === 'mil') g = { value: 1, lowest: UNITS, last: i - 1 }
  if (g === null) return null
  let last = g.last
  let current = g.value
  if (wordAt(tokens, last + 1) === 'mil') {
    thousands = true
    total = current * 1000
    current = 0
    last++
    // 'mil e duzentos', 'dois mil e quinhentos'
    if (wordAt(tokens, last + 1) === 'e') {
      const rest = readGroup(tokens, last + 2)
      if (rest !== null) {
        current = rest.value
        last = rest.last
      }
    } else {
      const rest = readGroup(tokens, last + 1)
      if (rest !== null) {
        current = rest.value
        last = rest.last
      }
    }
  }
  const reais = total + current
  let cents = reais * 100
  let currency = false
  let split = false
  let k = last + 1
  if (CURRENCY_WORDS.has(wordAt(tokens, k))) {
    currency = true
    last = k
    k++
  }
  // The centavos: 'treze e noventa', 'dois reais e cinquenta (centavos)'.
  if (wordAt(tokens, k) === 'e') {
    const c = readGroup(tokens, k + 1)
    if (c !== null && c.value < 100 && (currency || !thousands || current > 0)) {
      cents += c.value
      split = true
      last = c.last
      if (CENT_WORDS.has(wordAt(tokens, last + 1))) last++
    }
  }
  return { cents, last, currency, split, thousands }
}
