import { describe, expect, it } from 'vitest'
import { authPath, dashboardPath, planFrom } from './auth-paths'

describe('auth paths', () => {
  it('carry a plan type from the URL to the dashboard, and nothing else', () => {
    expect(planFrom('?plan=pf_simples')).toBe('pf_simples')
    expect(planFrom('?plan=<script>')).toBeNull()
    expect(planFrom('')).toBeNull()
    expect(dashboardPath('?plan=empresas_2&x=1')).toBe('/dashboard?plan=empresas_2')
    expect(dashboardPath('?plan=https://evil')).toBe('/dashboard')
  })

  it('bring an invitee back to the invitation they opened before signing in', () => {
    expect(dashboardPath('', 'AbC_123-xyz789')).toBe('/convite/AbC_123-xyz789')
    expect(dashboardPath('?plan=pf_simples', null)).toBe('/dashboard?plan=pf_simples')
    expect(dashboardPath('', '../admin')).toBe('/dashboard')
  })

  it('build /auth links without empty parameters', () => {
    expect(authPath({ confirmado: '1', plan: null })).toBe('/auth?confirmado=1')
    expect(authPath({ erro: 'google', plan: 'free' })).toBe('/auth?erro=google&plan=free')
    expect(authPath({})).toBe('/auth')
  })
})
