import { describe, expect, it } from 'vitest'
import { formatCount, planBadgeLabel, proRuleNote, statusLabel } from './admin-display'

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

  it("reads 'active' as Ativa, others as stored, and a missing one as inactive", () => {
    expect(statusLabel('active')).toBe('Ativa')
    expect(statusLabel('past_due')).toBe('past_due')
    expect(statusLabel(null)).toBe('inactive')
    expect(statusLabel(undefined)).toBe('inactive')
    expect(statusLabel('')).toBe('inactive')
  })

  it("names the spec's plan types in the note", () => {
    expect(proRuleNote(['pro', 'basic'])).toMatch(/^Conta só os tipos de plano 'pro' e 'basic',/)
    expect(proRuleNote(['a', 'b', 'c'])).toContain("'a', 'b' e 'c'")
  })

  it('formats counts the Brazilian way', () => {
    expect(formatCount(10000)).toBe('10.000')
  })
})
