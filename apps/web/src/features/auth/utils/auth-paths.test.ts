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

  it('build /auth links without empty parameters', () => {
    expect(authPath({ confirmado: '1', plan: null })).toBe('/auth?confirmado=1')
    expect(authPath({ erro: 'google', plan: 'free' })).toBe('/auth?erro=google&plan=free')
    expect(authPath({})).toBe('/auth')
  })
})
