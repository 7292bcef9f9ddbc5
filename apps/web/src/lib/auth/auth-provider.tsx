import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { getSession } from './get-session'
import type { SessionData } from './types'
import { AuthContext, type AuthContextValue } from './auth-context'

/** Spec §9: the session is checked every 30 s and refreshed when it expires within 3 checks. */
export const CHECK_INTERVAL_MS = 30_000
const REFRESH_WITHIN_MS = 3 * CHECK_INTERVAL_MS

type State = { data: SessionData | null; loading: boolean; signedOut: boolean }

/**
 * The session, for the whole app. It lives in an httpOnly cookie the page cannot read; this
 * provider only asks the server about it (GET /api/auth/get-session) at start, on return to the
 * tab, after sign-in, and when it is about to expire (the server then slides it). Plain fetch,
 * no auth client library: this ships with every app page.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const [state, setState] = useState<State>({ data: null, loading: true, signedOut: false })
  /** The user the cached queries belong to; undefined until the first lookup. */
  const cachedFor = useRef<string | null | undefined>(undefined)

  const apply = useCallback(
    (data: SessionData | null, signedOut = false) => {
      const userId = data?.user.id ?? null
      // Another person (or nobody) now: nothing cached for the previous one may show.
      if (cachedFor.current !== undefined && cachedFor.current !== userId) queryClient.clear()
      cachedFor.current = userId
      setState({ data, loading: false, signedOut })
    },
    [queryClient],
  )

  const refresh = useCallback(async () => {
    try {
      const data = await getSession()
      apply(data)
      return data?.user ?? null
    } catch (error) {
      // Offline or the server is restarting: keep what we know, stop showing 'Carregando...'.
      console.error('Falha ao verificar a sessão', error)
      setState((previous) => ({ ...previous, loading: false }))
      return null
    }
  }, [apply])

  const clear = useCallback(
    (options: { signedOut?: boolean } = {}) => apply(null, options.signedOut ?? false),
    [apply],
  )

  useEffect(() => {
    void refresh()
  }, [refresh])

  const expiresAt = state.data ? Date.parse(state.data.session.expiresAt) : null
  useEffect(() => {
    if (expiresAt === null) return
    const timer = window.setInterval(() => {
      if (expiresAt - Date.now() <= REFRESH_WITHIN_MS) void refresh()
    }, CHECK_INTERVAL_MS)
    return () => window.clearInterval(timer)
  }, [expiresAt, refresh])

  useEffect(() => {
    // Back to this tab: the person may have signed out (or in) in another one.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [refresh])

  const value = useMemo<AuthContextValue>(
    () => ({
      user: state.data?.user ?? null,
      session: state.data?.session ?? null,
      loading: state.loading,
      signedOut: state.signedOut,
      refresh,
      clear,
    }),
    [state, refresh, clear],
  )
  return <AuthContext value={value}>{children}</AuthContext>
}
