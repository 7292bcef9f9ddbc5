import { describe, expect, it } from 'vitest'
import { alignedOriginal, foldAligned, foldText, normalizeWord } from './normalize.ts'

describe('normalize', () => {
  it.each<[string, string]>([
    ['Almoço', 'almoco'],
    ['FARMÁCIA', 'farmacia'],
    ['Açaí', 'acai'],
    ['  Zé  ', 'ze'],
    ['condomínio', 'condominio'],
    ['São Paulo', 'sao paulo'],
    ['pão', 'pao'],
    ['ônibus', 'onibus'],
    ['Crème', 'creme'],
    ['İstanbul', 'istanbul'],
    ['ação', 'acao'],
  ])('normalizeWord(%s) → %s', (word, key) => {
    expect(normalizeWord(word)).toBe(key)
  })

  it.each<string>([
    'almoço 45,90',
    'R$\u00a01.234,56',
    'Ação 🎉 50',
    'a\u0301gua 10',
    'İzmir 30',
    '😀',
  ])('keeps the length of %j so tokens map back to the original', (text) => {
    expect(foldText(text).length).toBe(alignedOriginal(text).length)
  })

  it.each([
    'gastei 45,90 no MERCADO',
    'Almoço 32 na Padaria São João',
    'a\u0301gua 10',
    'İzmir 30',
    'I\u0307 composed from a dot above',
    '\u212a kelvin sign, ŉ and ß',
    'ypogegrammeni \u0345 alone',
    'Ação\u00a0R$\u202f50 – “ok”',
    '😀 🇧🇷',
  ])('folds %j in one look exactly as foldText and alignedOriginal do', (text) => {
    expect(foldAligned(text)).toEqual({ folded: foldText(text), aligned: alignedOriginal(text) })
  })

  it('folds typed-apart accents and odd spaces', () => {
    expect(foldText('a\u0301gua')).toBe('agua')
    expect(foldText('R$\u00a050')).toBe('r$ 50')
  })
})
