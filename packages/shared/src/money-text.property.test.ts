import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseNumber } from './money-text.ts'

/**
 * parseNumber as it was written before it read digits in place (issue 24, ADR 031): slices,
 * a replace and `Number`. The reading in place must give the same answer for every text.
 */
function parseNumberByNumber(text: string, factor = 1): number | null {
  let separators = 0
  let last = -1
  let groupChar = ''
  let mixed = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 44 || c === 46) {
      if (last >= 0 && groupChar === '') groupChar = text[last] ?? ''
      else if (last >= 0 && text[last] !== groupChar) mixed = true
      separators++
      last = i
    }
  }
  if (separators === 0) {
    if (factor === 1 && (text.length >= 10 || (text.length === 9 && text[0] === '9'))) return null
    return centsOf(text, '', factor)
  }
  const head = text.slice(0, last)
  const tail = text.slice(last + 1)
  const lastChar = text[last]
  if (mixed) return null
  if (head === '') return separators === 1 && tail.length <= 2 ? centsOf('0', tail, factor) : null
  let decimal: boolean
  if (separators === 1) {
    if (tail.length <= 2) decimal = true
    else if (tail.length === 3) decimal = factor > 1 && lastChar === ','
    else return null
  } else {
    decimal = lastChar !== groupChar
    if (decimal && tail.length > (factor > 1 ? 3 : 2)) return null
    if (!decimal && tail.length !== 3) return null
  }
  const grouped = decimal ? head : text
  if (!validGrouping(grouped)) return null
  return centsOf(grouped.replace(/[.,]/g, ''), decimal ? tail : '', factor)
}

function validGrouping(text: string): boolean {
  let run = 0
  let first = true
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 44 || c === 46) {
      if (first ? run < 1 || run > 3 : run !== 3) return false
      first = false
      run = 0
    } else run++
  }
  return first || run === 3
}

function centsOf(whole: string, fraction: string, factor: number): number | null {
  const reais = Number(whole)
  if (reais >= 10 ** 13) return null
  const fractionCents = (Number(fraction || '0') * 100 * factor) / 10 ** fraction.length
  if (!Number.isInteger(fractionCents)) return null
  const cents = reais * 100 * factor + fractionCents
  return Number.isSafeInteger(cents) ? cents : null
}

const FACTORS = [1, 1000, 1_000_000]
/** Digits and separators (what the money reader meets), with now and then anything `Number` reads. */
const numberText = fc
  .array(fc.constantFrom('0', '1', '2', '5', '9', '9', '.', ',', ',', '.'), { maxLength: 22 })
  .map((cs) => cs.join(''))
const anyText = fc.oneof(
  numberText,
  fc.string({ maxLength: 12 }),
  fc.constantFrom('-5', ' 12 ', '1e3', '0x10', '+7,5', 'Infinity', '1_000', '12a', '', ' ', '.5'),
)

describe('parseNumber reads digits in place', () => {
  it('answers as the Number-based reading for every number shape (property)', () => {
    fc.assert(
      fc.property(numberText, fc.constantFrom(...FACTORS), (text, factor) => {
        expect(parseNumber(text, factor)).toBe(parseNumberByNumber(text, factor))
      }),
      { numRuns: 5000 },
    )
  })

  it('answers as the Number-based reading for any other text too (property)', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom(...FACTORS), (text, factor) => {
        expect(parseNumber(text, factor)).toBe(parseNumberByNumber(text, factor))
      }),
      { numRuns: 3000 },
    )
  })

  it('reads long digit runs up to the limit exactly', () => {
    expect(parseNumber('9999999999999', 1)).toBeNull() // 13 digits: a code, not money
    expect(parseNumber('9.999.999.999.999')).toBe(999_999_999_999_900)
    expect(parseNumber('99.999.999.999.999')).toBeNull()
    expect(parseNumber('1.234,56')).toBe(123_456)
    expect(parseNumber('-5')).toBe(-500)
    expect(parseNumber('1e3')).toBe(100_000)
  })
})
