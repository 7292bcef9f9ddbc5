import { describe, expect, it } from 'vitest'
import {
  formatCount,
  formatWhatsapp,
  planBadgeLabel,
  proRuleNote,
  statusLabel,
} from './admin-display'

describe('admin table display', () => {
  it.each([
    ['free', 'Gratuito'],
    ['pf_simples', 'Pro'],
    ['empresas_2', 'Pro'],
    ['empresas_15', 'Pro'],
    ['basic', 'Pro'],
    [null, 'Gratuito'],
    [undefined, 'Gratuito'],
  ])('plan %s → %s', (plan, label) => {
    expect(planBadgeLabel(plan)).toBe(label)
  })

  it('shows a status as stored and a missing one as inactive', () => {
    expect(statusLabel('active')).toBe('active')
    expect(statusLabel('past_due')).toBe('past_due')
    expect(statusLabel(null)).toBe('inactive')
    expect(statusLabel(undefined)).toBe('inactive')
    expect(statusLabel('')).toBe('inactive')
  })

  it("names the spec's plan types in the note", () => {
    expect(proRuleNote(['pro', 'basic'])).toMatch(/^Conta só os tipos de plano 'pro' e 'basic',/)
    expect(proRuleNote(['a', 'b', 'c'])).toContain("'a', 'b' e 'c'")
  })

  it('formats counts and WhatsApp numbers the Brazilian way', () => {
    expect(formatCount(10000)).toBe('10.000')
    expect(formatWhatsapp('11987654321')).toBe('(11) 98765-4321')
    expect(formatWhatsapp('1132654321')).toBe('(11) 3265-4321')
    expect(formatWhatsapp('5511987654321')).toBe('+55 (11) 98765-4321')
    expect(formatWhatsapp('123')).toBe('123')
  })
})
