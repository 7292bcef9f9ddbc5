import { describe, expect, it } from 'vitest'
import { billPeriod, nextDay } from './bill-period'

describe('a card bill’s days', () => {
  it.each([
    // closes on, closing day → from, to
    ['2026-11-05', 5, '2026-10-06', '2026-11-05'],
    ['2026-01-10', 10, '2025-12-11', '2026-01-10'],
    // A closing day past the month's end: February closes on its last day.
    ['2026-02-28', 31, '2026-02-01', '2026-02-28'],
    ['2026-03-31', 31, '2026-03-01', '2026-03-31'],
    ['2024-03-30', 30, '2024-03-01', '2024-03-30'],
    ['2026-04-30', 31, '2026-04-01', '2026-04-30'],
  ])('the bill closing on %s (day %i) holds %s to %s', (closesOn, day, from, to) => {
    expect(billPeriod(closesOn, day)).toEqual({ from, to })
  })

  it('counts the next calendar day across months and years', () => {
    expect(nextDay('2024-02-28')).toBe('2024-02-29')
    expect(nextDay('2026-02-28')).toBe('2026-03-01')
    expect(nextDay('2026-12-31')).toBe('2027-01-01')
  })
})
