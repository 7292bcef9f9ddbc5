import { Navigate, Outlet, useLocation } from 'react-router'
import { dashboardPath } from '@/features/auth'
import { useAuth, useIsAdmin } from '@/lib/auth'

function Loading() {
  return (
    <main className="flex min-h-dvh items-center justify-center p-6" aria-busy="true">
      <p className="text-muted-foreground" role="status">
        Carregando...
      </p>
    </main>
  )
}

/**
 * Spec §2 'Route guard': while the session loads, 'Carregando...'; no user → /auth (or / right
 * after 'Sair', spec §4); an admin route for someone who is not an admin → /dashboard. The admin
 * check asks the server, and only when a user exists and the route needs it.
 */
export function RequireAuth({ admin = false }: { admin?: boolean }) {
  const { user, loading, signedOut } = useAuth()
  const role = useIsAdmin(admin ? user?.id : undefined)
  if (loading) return <Loading />
  if (!user) return <Navigate to={signedOut ? '/' : '/auth'} replace />
  if (!admin) return <Outlet />
  if (role.isPending) return <Loading />
  if (role.data !== true) return <Navigate to="/dashboard" replace />
  return <Outlet />
}

/**
 * Wraps `/` and `/auth`: a signed-in user goes to /dashboard (with `?plan=` when there is one:
 * the dashboard then starts that plan's checkout). Until the session is known the page shows:
 * it must not wait for the session call to paint.
 */
export function RedirectIfSignedIn() {
  const { user } = useAuth()
  const { search } = useLocation()
  if (user) return <Navigate to={dashboardPath(search)} replace />
  return <Outlet />
}
