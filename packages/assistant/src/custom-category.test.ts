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
