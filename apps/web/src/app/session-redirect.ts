import { dashboardPath } from '@/features/auth/utils/auth-paths'

/**
 * Where a signed-in visitor who opened `/` should go, or null.
 *
 * Runs once when `/` loads in landing mode (see lib/navigation.ts), i.e. before the router and
 * the AuthProvider exist; in app mode the RedirectIfSignedIn guard (./guards.tsx) does the same
 * job. One plain fetch, so the landing page's JavaScript budget barely notices. A `?plan=`
 * (back from a social sign-in started on a plan) goes along to the dashboard.
 */
export async function signedInRedirect(): Promise<string | null> {
  const response = await fetch('/api/auth/get-session', {
    credentials: 'same-origin',
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  })
  if (!response.ok) return null
  const data = (await response.json()) as { user?: unknown } | null
  return data?.user ? dashboardPath(window.location.search) : null
}
