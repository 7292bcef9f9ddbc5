import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseAmount } from './analysis.ts'
import { understand } from './understand.ts'

const now = new Date('2026-11-18T15:00:00Z')

/** 1234567 → '1.234.567'. */
function grouped(reais: number): string {
  return String(reais).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
}

function forms(cents: number): string[] {
  const reais = Math.floor(cents / 100)
  const cc = String(cents % 100).padStart(2, '0')
  const out = [
    `${grouped(reais)},${cc}`,
    `${reais},${cc}`,
    `R$ ${grouped(reais)},${cc}`,
    `R$${reais},${cc}`,
  ]
  if (cents % 100 === 0) out.push(grouped(reais), `${reais} reais`)
  return out
}

const digit = fc.integer({ min: 0, max: 9 })
const digits = (n: number) => fc.array(digit, { minLength: n, maxLength: n }).map((d) => d.join(''))
const ddd = fc.integer({ min: 11, max: 99 }).map(String)

describe('money reader properties', () => {
  it('reads back every amount from R$ 0,01 to R$ 999.999,99 in each Brazilian form', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), (cents) => {
        for (const text of forms(cents)) expect(parseAmount(text), text).toBe(cents)
      }),
      { numRuns: 2000 },
    )
  })

  it('reads whole reais written plainly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999 }), (reais) => {
        expect(parseAmount(grouped(reais))).toBe(reais * 100)
        expect(parseAmount(`${reais} reais`)).toBe(reais * 100)
      }),
    )
  })

  it('reads the amount inside a sentence', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.constantFrom('gastei', 'paguei', 'recebi'),
        (cents, verb) => {
          const [text] = forms(cents)
          expect(parseAmount(`${verb} ${text} no mercado ontem`)).toBe(cents)
        },
      ),
    )
  })

  it('never takes a phone number for money', () => {
    const shapes = fc.oneof(
      fc.tuple(ddd, digits(4), digits(4)).map(([d, a, b]) => `(${d}) 9${a}-${b}`),
      fc.tuple(ddd, digits(8)).map(([d, n]) => `${d} 9${n}`),
      fc.tuple(ddd, digits(4), digits(4)).map(([d, a, b]) => `+55 ${d} 9${a}-${b}`),
      fc.tuple(ddd, digits(4), digits(4)).map(([d, a, b]) => `+55 ${d} 9${a} ${b}`),
      fc.tuple(ddd, digits(4), digits(4)).map(([d, a, b]) => `${d} 9${a}-${b}`),
      fc.tuple(ddd, digits(8)).map(([d, n]) => `55${d}9${n}`),
    )
    fc.assert(
      fc.property(
        shapes,
        fc.constantFrom('', 'meu número é ', 'liga no ', 'whats '),
        (phone, lead) => {
          expect(parseAmount(`${lead}${phone}`)).toBeNull()
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('finds the money next to a phone number', () => {
    fc.assert(
      fc.property(
        ddd,
        digits(4),
        digits(4),
        fc.integer({ min: 1, max: 99_999 }),
        (d, a, b, cents) => {
          const [amount] = forms(cents)
          expect(parseAmount(`paguei ${amount} ao (${d}) 9${a}-${b}`)).toBe(cents)
        },
      ),
    )
  })

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => {
        parseAmount(text)
        understand(text, { now })
      }),
      { numRuns: 3000 },
    )
    // A loaded shared machine can take longer than vitest's default 5 s for 3000 runs.
  }, 60_000)

  it('never throws on messages built from its own vocabulary', () => {
    const piece = fc.constantFrom(
      'R$',
      '1.234,56',
      ',',
      '.',
      'mil',
      'k',
      'reais',
      'e',
      'centavos',
      'dia',
      '15/11',
      '31/02',
      '99',
      'vence',
      'apagar',
      'corrigir',
      'categoria',
      'para',
      'último',
      'resumo',
      'de',
      'outubro',
      'saldo',
      'sim',
      'não',
      '+',
      '-',
      '#',
      '(11)',
      '98765-4321',
      'gastei',
      'recebi',
      'mercado',
      'segunda',
      'feira',
      'ontem',
      '2',
      'pizzas',
      '0',
      '10h',
      '14:30',
      '%',
      'º',
      'das',
      'IR',
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.constantFrom(' ', ''), (pieces, sep) => {
        const text = pieces.join(sep)
        const cents = parseAmount(text)
        expect(cents === null || (Number.isSafeInteger(cents) && cents >= 0)).toBe(true)
        const decision = understand(text, { now, learnedWords: { mercado: 'lazer' } })
        expect(typeof decision.kind).toBe('string')
      }),
      { numRuns: 3000 },
    )
  })
})
