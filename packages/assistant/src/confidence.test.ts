import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { understand } from './understand.ts'
import type { Decision } from './types.ts'

const now = new Date('2026-11-18T15:00:00Z')
const read = (text: string) => understand(text, { now })

function confidenceOf(d: Decision) {
  return d.kind === 'entry' || d.kind === 'entries' || d.kind === 'confirm_entry'
    ? d.confidence
    : undefined
}

describe('every entry decision carries how sure it is and why (confidence.ts)', () => {
  it.each<[string, string[]]>([
    ['mercado 45,90', ['amount_marker', 'category_word', 'short_note']],
    ['gastei 50', ['money_verb', 'short_note']],
    ['paguei 38 no almoço', ['money_verb', 'category_word', 'short_note']],
    ['dízimo 200', ['category_word', 'short_note']],
  ])('sure: %s', (text, reasons) => {
    const d = read(text)
    expect(d.kind).toBe('entry')
    expect(confidenceOf(d)).toEqual({ level: 'sure', reasons })
  })

  it.each<[string, string]>([
    ['flanelinha 5', 'no_evidence'],
    ['o ônibus 8012 não passou', 'negation'],
    ['gastei 300 em roupas na black friday', 'news'],
    ['paguei 30 de estacionamento, não tinha vaga na rua', 'negation'],
  ])('unsure, asked: %s (%s)', (text, reason) => {
    const d = read(text)
    expect(d.kind).toBe('confirm_entry')
    expect(confidenceOf(d)?.level).toBe('unsure')
    expect(confidenceOf(d)?.reasons).toContain(reason)
  })

  it.each<[string, string]>([
    ['combustível sobe para R$ 6,49', 'news'],
    ['Promoção: pizza grande por 39,90 só hoje', 'news'],
    ['Mensagem encaminhada: ganhe 500 reais respondendo pesquisa', 'news'],
    ['quase gastei 300 na loja', 'negation'],
    ['hoje não paguei nem o estacionamento de 15', 'negation'],
    ['desisti do celular de 2 mil', 'negation'],
    ['o cliente cancelou a compra de 75', 'negation'],
    ['minha mãe fez 70', 'not_money'],
    ['boas festas e feliz 2027', 'not_money'],
    ['meu apartamento 302', 'not_money'],
    ['parabéns pelos 40!', 'not_money'],
    ['seria bom ter 5 mil guardado', 'plan'],
    ['tenho 200 na conta', 'statement'],
  ])('clearly not money, nothing recorded: %s', (text, reason) => {
    expect(read(text)).toEqual({ kind: 'not_entry', reason })
  })

  it('news, negation and numbers owned by a noun are never sure (property)', () => {
    const against = [
      'combustível sobe para',
      'quase gastei',
      'não paguei',
      'desisti do celular de',
      'cancelaram a compra de',
    ]
    const owners = ['o cartão final', 'minha mãe fez', 'apartamento', 'feliz', 'assento']
    fc.assert(
      fc.property(
        fc.oneof(
          fc.tuple(fc.constantFrom(...against), fc.constantFrom('', ' reais', ',90')),
          fc.tuple(fc.constantFrom(...owners), fc.constant('')),
        ),
        fc.integer({ min: 1, max: 9999 }),
        ([lead, tail], n) => {
          const d = read(`${lead} ${n}${tail}`)
          expect(d.kind === 'entry' && d.confidence?.level === 'sure', JSON.stringify(d)).toBe(
            false,
          )
          expect(['entry', 'entries', 'installments'].includes(d.kind)).toBe(false)
        },
      ),
      { numRuns: 300 },
    )
  })
})
