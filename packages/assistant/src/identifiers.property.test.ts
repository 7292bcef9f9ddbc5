import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { understand } from './understand.ts'

/*
 * Properties of the number readers: no identifier shape becomes money, whatever its digits, and no
 * question or plan is recorded whatever its amount.
 */

const now = new Date('2026-11-18T15:00:00Z')
const RECORDING = new Set([
  'entry',
  'entries',
  'installments',
  'confirm_large',
  'confirm_date',
  'bank_notification',
])

const digit = fc.integer({ min: 0, max: 9 })
const digits = (n: number) => fc.array(digit, { minLength: n, maxLength: n }).map((d) => d.join(''))
const dotted = (groups: number) =>
  fc
    .tuple(
      fc.integer({ min: 1, max: 999 }),
      fc.array(digits(3), { minLength: groups, maxLength: groups }),
    )
    .map(([head, rest]) => [String(head), ...rest].join('.'))

const identifier = fc.oneof(
  fc.tuple(digits(3), digits(3), digits(3), digits(2)).map(([a, b, c, d]) => `${a}.${b}.${c}-${d}`),
  fc
    .tuple(digits(2), digits(3), digits(3), digits(4), digits(2))
    .map(([a, b, c, d, e]) => `${a}.${b}.${c}/${d}-${e}`),
  fc.tuple(digits(5), digits(3)).map(([a, b]) => `${a}-${b}`),
  fc
    .tuple(
      fc.constantFrom('NF', 'nf', 'nota', 'pedido', 'protocolo', 'código', 'cpf', 'lote'),
      dotted(2),
    )
    .map(([word, n]) => `${word} ${n}`),
  fc
    .tuple(fc.constantFrom('NF', 'pedido', 'protocolo'), fc.integer({ min: 1, max: 9 }), digits(3))
    .map(([word, zeros, rest]) => `${word} ${'0'.repeat(zeros)}${rest}`),
  fc
    .tuple(
      fc.integer({ min: 0, max: 9 }),
      fc.constantFrom(' a ', 'x', ' x '),
      fc.integer({ min: 0, max: 9 }),
    )
    .map(([a, sep, b]) => `o jogo foi ${a}${sep}${b}`),
  fc.integer({ min: 1900, max: 2100 }).map((y) => `em ${y}`),
  fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${h}:${String(m).padStart(2, '0')}`),
  digits(8).map((d) => `senha ${d}`),
)

describe('identifier properties', () => {
  it('no identifier shape is ever recorded as money', () => {
    fc.assert(
      fc.property(identifier, fc.constantFrom('', 'meu ', 'o '), (id, lead) => {
        const d = understand(`${lead}${id}`, { now })
        expect(RECORDING.has(d.kind), `${lead}${id} → ${JSON.stringify(d)}`).toBe(false)
      }),
      { numRuns: 3000 },
    )
  }, 60_000)

  it('no question or plan is recorded, whatever its amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999 }),
        fc.constantFrom(
          (n: string) => `quanto é ${n}?`,
          (n: string) => `será que dá pra gastar ${n} no mercado`,
          (n: string) => `se eu gastar ${n} no mercado`,
          (n: string) => `vou gastar ${n} no mercado`,
          (n: string) => `quero juntar ${n}`,
          (n: string) => `amanhã pago ${n} de luz`,
          (n: string) => `10% de ${n}`,
          (n: string) => `${n} + 45`,
          (n: string) => `mercado ${n}?`,
        ),
        (reais, template) => {
          const text = template(String(reais))
          const d = understand(text, { now })
          expect(RECORDING.has(d.kind), `${text} → ${JSON.stringify(d)}`).toBe(false)
        },
      ),
      { numRuns: 2000 },
    )
  }, 60_000)
})
