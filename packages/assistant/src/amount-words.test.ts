import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseAmount } from './analysis.ts'
import { understand } from './understand.ts'

const now = new Date('2026-11-18T15:00:00Z')

const UNITS = ['', 'um', 'dois', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove']
const TEENS = [
  'dez',
  'onze',
  'doze',
  'treze',
  'quatorze',
  'quinze',
  'dezesseis',
  'dezessete',
  'dezoito',
  'dezenove',
]
const TENS = [
  '',
  '',
  'vinte',
  'trinta',
  'quarenta',
  'cinquenta',
  'sessenta',
  'setenta',
  'oitenta',
  'noventa',
]
const HUNDREDS = [
  '',
  'cento',
  'duzentos',
  'trezentos',
  'quatrocentos',
  'quinhentos',
  'seiscentos',
  'setecentos',
  'oitocentos',
  'novecentos',
]

/** 1..999 in pt-BR words: 'cento e vinte e cinco', 'cem', 'treze'. */
function words(n: number): string {
  if (n === 100) return 'cem'
  const parts: string[] = []
  const h = Math.floor(n / 100)
  const rest = n % 100
  if (h > 0) parts.push(HUNDREDS[h] ?? '')
  if (rest >= 10 && rest < 20) parts.push(TEENS[rest - 10] ?? '')
  else {
    const t = Math.floor(rest / 10)
    const u = rest % 10
    if (t > 0) parts.push(TENS[t] ?? '')
    if (u > 0) parts.push(UNITS[u] ?? '')
  }
  return parts.join(' e ')
}

describe('amounts in words (amount-words.ts)', () => {
  it.each<[string, number]>([
    ['almoço treze e noventa', 1390],
    ['café dois reais e cinquenta', 250],
    ['paguei um e vinte no pão', 120],
    ['mercado cento e vinte', 12000],
    ['farmácia trinta e dois e noventa', 3290],
    ['gastei mil e duzentos no aluguel', 120000],
    ['estacionamento quinze reais e cinquenta centavos', 1550],
    ['paguei dois mil e quinhentos de aluguel', 250000],
    ['uber vinte e cinco', 2500],
    ['cento e dez reais de luz', 11000],
  ])('%s → %i centavos', (text, cents) => {
    expect(parseAmount(text)).toBe(cents)
  })

  it('never reads a price said in words as a bigger integer (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 20, max: 99 }), (r, c) => {
        // 'R e C' with C a tens word ('treze e noventa', 'cento e vinte e cinco e trinta'):
        // C cannot continue R's number when R already filled its units or tens.
        const ones = r % 10
        const fillsTens = r % 100 >= 10
        if (ones === 0 && !fillsTens) return // 'cento e vinte' is 120: the tens continue
        if (ones === 0 && r % 100 >= 20) return // 'vinte e …' would continue into units
        const cents = c % 10 === 0 ? c : c - (c % 10) // a round tens word: 'noventa'
        const text = `lanche ${words(r)} e ${words(cents)}`
        expect(parseAmount(text), text).toBe(r * 100 + cents)
      }),
      { numRuns: 500 },
    )
  })

  it('reads every whole number of reais followed by reais (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 999 }), (r) => {
        expect(parseAmount(`${words(r)} reais de gasolina`)).toBe(r * 100)
      }),
      { numRuns: 500 },
    )
  })

  it('keeps items apart: a word amount never swallows the next item', () => {
    const d = understand('mercado cinquenta e farmácia vinte', { now })
    expect(d.kind === 'entries' && d.entries.map((e) => e.amount_cents)).toEqual([5000, 2000])
  })
})
