import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AuthContext, type AuthContextValue } from './auth-context'
import { useAuth } from './use-auth'

function Probe() {
  const { user } = useAuth()
  return createElement('span', null, user?.name ?? 'ninguém')
}

describe('useAuth', () => {
  it("throws the spec's message outside an AuthProvider", () => {
    expect(() => renderToString(createElement(Probe))).toThrow(
      'useAuth must be used within an AuthProvider',
    )
  })

  it('reads the session inside one', () => {
    const value: AuthContextValue = {
      user: {
        id: 'u1',
        name: 'Ana',
        email: 'ana@exemplo.com.br',
        emailVerified: true,
        image: null,
      },
      session: null,
      loading: false,
      signedOut: false,
      refresh: async () => null,
      clear: () => {},
    }
    const html = renderToString(createElement(AuthContext, { value }, createElement(Probe)))
    expect(html).toBe('<span>Ana</span>')
  })
})
