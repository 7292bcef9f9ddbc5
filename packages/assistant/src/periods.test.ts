import { describe, expect, it } from 'vitest'
import { mondayOf, weekNamed } from './periods.ts'
import { understand } from './understand.ts'

// Wednesday 18/11/2026, noon in São Paulo.
const now = new Date('2026-11-18T15:00:00Z')

describe('periods (periods.ts)', () => {
  it('finds the Monday of any day, Sundays included', () => {
    expect(mondayOf('2026-11-18')).toBe('2026-11-16')
    expect(mondayOf('2026-11-16')).toBe('2026-11-16')
    expect(mondayOf('2026-11-22')).toBe('2026-11-16')
    expect(mondayOf('2027-01-01')).toBe('2026-12-28')
  })

  it('names last week and this week', () => {
    expect(weekNamed(['semana', 'passada'], '2026-11-18')).toEqual({
      from: '2026-11-09',
      to: '2026-11-15',
    })
    expect(weekNamed(['essa', 'semana'], '2026-11-18')).toEqual({
      from: '2026-11-16',
      to: '2026-11-18',
    })
    expect(weekNamed(['semana'], '2026-11-18')).toBeNull()
  })

  it.each<[string, object]>([
    ['quanto gastei semana passada', { kind: 'summary', from: '2026-11-09', to: '2026-11-15' }],
    ['resumo da última semana', { kind: 'summary', from: '2026-11-09', to: '2026-11-15' }],
    ['quanto gastei essa semana?', { kind: 'summary', from: '2026-11-16', to: '2026-11-18' }],
    ['resumo de agosto', { kind: 'summary', month: '2026-08' }],
    ['quanto gastei em dezembro', { kind: 'summary', month: '2025-12' }],
    [
      'o que vence essa semana?',
      { kind: 'planning', planning: { kind: 'list_bills', within_days: 7 } },
    ],
    [
      'quais contas vencem esta semana',
      { kind: 'planning', planning: { kind: 'list_bills', within_days: 7 } },
    ],
    ['contas', { kind: 'planning', planning: { kind: 'list_bills' } }],
  ])('%s', (text, decision) => {
    expect(understand(text, { now })).toEqual(decision)
  })
})
