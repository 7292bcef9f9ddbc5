import { addMonths, monthLabel, monthRange } from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import { currentMonth, isMonth, monthShortName, monthTitle } from './month'

describe('months', () => {
  it('moves across years', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12')
    expect(addMonths('2026-12', 1)).toBe('2027-01')
    expect(addMonths('2026-11', 0)).toBe('2026-11')
  })
  it('knows month lengths', () => {
    expect(monthRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' })
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' })
    expect(monthRange('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' })
  })
  it('names months in pt-BR', () => {
    expect(monthLabel('2026-11')).toBe('novembro de 2026')
    expect(monthTitle('2026-03')).toBe('Março de 2026')
    expect(monthShortName('2026-10')).toBe('outubro')
  })
  it('reads the month in São Paulo, and only a real YYYY-MM from the URL', () => {
    expect(currentMonth(new Date('2026-12-01T02:00:00Z'))).toBe('2026-11') // still 30/11 there
    expect(isMonth('2026-11')).toBe(true)
    for (const bad of [null, '', '2026-13', '2026-00', '2026-1', 'novembro']) {
      expect(isMonth(bad)).toBe(false)
    }
  })
})
