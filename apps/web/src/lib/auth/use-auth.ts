import { useContext } from 'react'
import { AuthContext, type AuthContextValue } from './auth-context'

/** The session state; only inside <AuthProvider> (spec §8 names the error). */
export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext)
  if (!context) throw new Error('useAuth must be used within an AuthProvider')
  return context
}
