import { describe, expect, it } from 'vitest'
import { formatAmountInput, parseAmountInput } from '@/lib/money-input'
import { defaultEntryDate } from './dates'

describe('amount field', () => {
  it.each([
    ['23', 2300],
    ['1.500', 150000],
    ['23,5', 2350],
    ['4', 400],
    ['0,45', 45],
    ['45,90', 4590],
    ['15.50', 1550],
    ['R$ 1.234,56', 123456],
    [' R$\u00a0300 ', 30000],
    ['1234,5', 123450],
    ['1.23.4', 0],
    ['12a', 0],
    ['-5', 0],
    ['', 0],
    ['abc', 0],
  ])('reads %j as %i centavos', (text, cents) => expect(parseAmountInput(text)).toBe(cents))

  it.each([
    [0, ''],
    [4, '0,04'],
    [2300, '23,00'],
    [4590, '45,90'],
    [123456, '1.234,56'],
    [100000000, '1.000.000,00'],
  ])('shows %i as %j', (cents, text) => expect(formatAmountInput(cents)).toBe(text))

  it('round-trips what it shows', () => {
    for (const cents of [1, 99, 100, 4590, 123456, 99999999]) {
      expect(parseAmountInput(formatAmountInput(cents))).toBe(cents)
    }
  })
})

describe('entry dates', () => {
  it('defaults a new entry to today in São Paulo, or the viewed month', () => {
    const now = new Date('2026-12-01T02:00:00Z') // still 30/11 in São Paulo
    expect(defaultEntryDate('2026-11', now)).toBe('2026-11-30')
    expect(defaultEntryDate('2026-10', now)).toBe('2026-10-01')
  })
})
