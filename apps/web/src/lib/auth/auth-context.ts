import { createContext } from 'react'
import type { SessionInfo, SessionUser } from './types'

export type AuthContextValue = {
  user: SessionUser | null
  session: SessionInfo | null
  /** True until the first session lookup answers (spec §4). */
  loading: boolean
  /** True after this tab signed out: the guard then sends the person to / rather than /auth. */
  signedOut: boolean
  /** Reads the session again (after sign-in, or to slide it); returns the user. */
  refresh(): Promise<SessionUser | null>
  /** Forgets the session here, after the server ended it. */
  clear(options?: { signedOut?: boolean }): void
}

export const AuthContext = createContext<AuthContextValue | null>(null)
