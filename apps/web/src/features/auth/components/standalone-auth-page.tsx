import { useCallback, useState } from 'react'
import { startApp } from '@/lib/navigation'
import { dashboardPath } from '../utils/auth-paths'
import { AuthPage } from './auth-page'

/** The address bar's query; empty at build time (the page is prerendered without one). */
const currentSearch = () => (typeof window === 'undefined' ? '' : window.location.search)

/**
 * /auth opened directly (ADR 018, 2026-11-26): like the landing page, the page alone, without
 * the router, TanStack Query or the session's provider, so that hydrating its prerendered HTML
 * evaluates only the page's own code. The Shell's standalone mode sends a signed-in visitor on
 * (as the RedirectIfSignedIn guard does in the router); a sign-in here starts the app at the
 * next page, whose guard reads the new session.
 */
export function StandaloneAuthPage() {
  const [search, setSearch] = useState(currentSearch)
  const replaceSearch = useCallback((next: string) => {
    const query = next ? `?${next}` : ''
    const { pathname, hash } = window.location
    window.history.replaceState(window.history.state, '', `${pathname}${query}${hash}`)
    setSearch(query)
  }, [])
  const onSignedIn = useCallback(async () => {
    startApp(dashboardPath(window.location.search), { replace: true })
  }, [])
  return <AuthPage search={search} replaceSearch={replaceSearch} onSignedIn={onSignedIn} />
}
