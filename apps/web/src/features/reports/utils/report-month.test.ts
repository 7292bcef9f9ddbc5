import { describe, expect, it } from 'vitest'
import { addMonths, monthRange } from '@equilibrai/shared'
import { changePercent, monthShortName, monthTitle, share } from './report-month'

describe('report month helpers', () => {
  it('move between months and name them in pt-BR', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12')
    expect(addMonths('2026-12', 1)).toBe('2027-01')
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' })
    expect(monthTitle('2026-03')).toBe('Março de 2026')
    expect(monthShortName('2026-10')).toBe('outubro')
  })

  it('word a change and a share', () => {
    expect(changePercent(115, 100)).toMatch(/^\+15\s?%$/)
    expect(changePercent(95, 100)).toMatch(/^-5\s?%$/)
    expect(changePercent(100, 0)).toBeNull()
    expect(share(1, 8)).toMatch(/^12,5\s?%$/)
    expect(share(1, 0)).toBe('0 %')
  })
})
