import { useCallback } from 'react'
import { useSearchParams } from 'react-router'
import { useAuth } from '@/lib/auth'
import { AuthPage } from './auth-page'

/**
 * /auth inside the router (a navigation from another app page, a guard's redirect): the query
 * is the router's, and after a sign-in the session is read again, so that the RedirectIfSignedIn
 * guard moves the person on.
 */
export function AuthRoute() {
  const [params, setParams] = useSearchParams()
  const { refresh } = useAuth()
  const replaceSearch = useCallback(
    (search: string) => setParams(new URLSearchParams(search), { replace: true }),
    [setParams],
  )
  const onSignedIn = useCallback(async () => {
    await refresh()
  }, [refresh])
  return (
    <AuthPage search={params.toString()} replaceSearch={replaceSearch} onSignedIn={onSignedIn} />
  )
}
