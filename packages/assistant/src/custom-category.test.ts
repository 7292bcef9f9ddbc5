import { describe, expect, it } from 'vitest'
import type { CustomCategoryInfo } from './custom-category.ts'
import { understand } from './understand.ts'

const now = new Date('2026-11-18T15:00:00Z')
const customCategories: CustomCategoryInfo[] = [
  { id: 1, name: 'Cachorro', category: 'pets' },
  { id: 2, name: 'Festa junina', category: 'outros' },
  { id: 3, name: 'Festa', category: 'lazer' },
  { id: 4, name: 'Bolos por encomenda', category: 'outras_receitas' },
]

function entryOf(text: string) {
  const d = understand(text, { now, customCategories })
  if (d.kind !== 'entry') throw new Error(`${text}: ${d.kind}`)
  return d.entry
}

describe('categories of ones own in a message', () => {
  it.each([
    ['pet shop 80 em Cachorro', 'pet shop', 'pets', 1],
    ['ração 120 cachorro', 'ração', 'pets', 1],
    ['gastei 45,90 com bandeirinhas na festa junina', 'bandeirinhas', 'outros', 2],
    ['festa 200 em festa', 'festa', 'lazer', 3],
    ['recebi 300 de bolos por encomenda', 'bolos por encomenda', 'outras_receitas', 4],
  ])('%s', (text, description, category, id) => {
    expect(entryOf(text)).toMatchObject({ description, category, custom_category_id: id })
  })

  it('leaves a message naming none as it was, and an income out of an expense category', () => {
    expect(entryOf('pet shop 80')).toMatchObject({ category: 'pets' })
    expect(entryOf('pet shop 80').custom_category_id).toBeUndefined()
    expect(entryOf('recebi 80 do cachorro').custom_category_id).toBeUndefined()
    expect(understand('pet shop 80 em Cachorro', { now })).toMatchObject({
      kind: 'entry',
      entry: { category: 'pets' },
    })
  })
})

describe('correcting into a category of ones own', () => {
  it.each([
    ['mudar categoria do último para Cachorro', 1, 'pets'],
    ['corrigir o último para Cachorro', 1, 'pets'],
    ['corrigir o último para o cachorro', 1, 'pets'],
    ['muda a categoria para festa junina', 2, 'outros'],
    ['passa pra Festa', 3, 'lazer'],
    ['categoria Cachorro', 1, 'pets'],
    ['isso é bolos por encomenda', 4, 'outras_receitas'],
  ])('%s', (text, id, category) => {
    expect(understand(text, { now, customCategories })).toEqual({
      kind: 'change_category',
      category,
      custom_category_id: id,
    })
  })

  it('reads a default category and an amount as before', () => {
    for (const ctx of [{ now, customCategories }, { now }]) {
      expect(understand('mudar categoria do último para lazer', ctx)).toEqual({
        kind: 'change_category',
        category: 'lazer',
      })
      expect(understand('corrigir o último para 55', ctx)).toEqual({
        kind: 'correct_amount',
        amount_cents: 5500,
      })
    }
  })
})

describe('words a correction taught a category of ones own', () => {
  const taught: CustomCategoryInfo[] = [
    { id: 1, name: 'Cachorro', category: 'pets', words: ['racao'] },
    { id: 3, name: 'Festa', category: 'lazer', words: ['boliche'] },
  ]
  // The server sends the default alongside (learned_category_words.category).
  const learnedWords = { racao: 'pets', boliche: 'lazer' } as const

  it('records into it when the entry lands in its default', () => {
    const d = understand('ração 95', { now, customCategories: taught, learnedWords })
    expect(d).toMatchObject({
      kind: 'entry',
      entry: { description: 'ração', category: 'pets', custom_category_id: 1 },
    })
    expect(understand('boliche 80', { now, customCategories: taught, learnedWords })).toMatchObject(
      { kind: 'entry', entry: { category: 'lazer', custom_category_id: 3 } },
    )
  })

  it('gives way to a named category and to another type', () => {
    const named = understand('ração 95 em Festa', { now, customCategories: taught, learnedWords })
    expect(named).toMatchObject({ kind: 'entry', entry: { custom_category_id: 3 } })
    const income = understand('recebi 50 da ração', { now, customCategories: taught, learnedWords })
    expect(income).toMatchObject({ kind: 'entry', entry: { type: 'income' } })
    if (income.kind === 'entry') expect(income.entry.custom_category_id).toBeUndefined()
  })

  it('stays out when the entry went to another default', () => {
    // 'supermercado' (taught mercado) decides the category: 'ração' beside it moves nothing.
    const words = { ...learnedWords, supermercado: 'mercado' } as const
    const d = understand('supermercado 200 com ração', {
      now,
      customCategories: taught,
      learnedWords: words,
    })
    expect(d).toMatchObject({ kind: 'entry', entry: { category: 'mercado' } })
    if (d.kind === 'entry') expect(d.entry.custom_category_id).toBeUndefined()
  })
})

describe('questions about a category of ones own', () => {
  it.each([
    ['quanto gastei com Cachorro?', 1, 'pets', undefined],
    ['quanto gastei em Cachorro esse mês', 1, 'pets', '2026-11'],
    ['quanto gastei na festa junina em outubro', 2, 'outros', '2026-10'],
  ])('%s', (text, id, category, month) => {
    const d = understand(text, { now, customCategories })
    expect(d).toMatchObject({ kind: 'summary', category, custom_category_id: id })
    if (d.kind === 'summary') expect(d.month).toBe(month)
  })

  it('asks about the default category without one', () => {
    const d = understand('quanto gastei com mercado', { now, customCategories })
    expect(d).toEqual({ kind: 'summary', category: 'mercado' })
  })
})
