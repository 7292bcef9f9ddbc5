import { ArrowLeftIcon } from 'lucide-react'
import { Navigate } from 'react-router'
import { AppLink } from '@/components/app-link'
import { buttonVariants } from '@/components/ui/button'
import { ApiError } from '@/lib/api-client'
import { usePageTitle } from '@/lib/use-page-title'
import { useAdminStats } from '../api/get-admin-stats'
import { StatCards } from './stat-cards'
import { UsersTable } from './users-table'
import { WaitlistCard } from './waitlist-card'
import { LoadFailed } from '@/components/load-failed'

/**
 * /admin (spec §2 'Admin panel'): statistics, the users table, and the VIP waitlist. The route
 * guard keeps non-admins out; the server refuses them on every call anyway, and should the role
 * be revoked while the page is open, its 403 sends them where the guard would.
 */
export function AdminPage() {
  usePageTitle('Painel administrativo')
  const stats = useAdminStats()

  if (stats.error instanceof ApiError && stats.error.status === 401) {
    return <Navigate to="/auth" replace />
  }
  if (stats.error instanceof ApiError && stats.error.status === 403) {
    return <Navigate to="/dashboard" replace />
  }

  return (
    <main id="conteudo" className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <header className="space-y-1">
        <AppLink
          to="/dashboard"
          className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mb-3' })}
        >
          <ArrowLeftIcon aria-hidden="true" />
          Voltar ao Dashboard
        </AppLink>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Painel administrativo</h1>
        <p className="text-muted-foreground">Usuários, assinaturas e a lista VIP.</p>
        <AppLink
          to="/admin/suporte"
          className={buttonVariants({ variant: 'link', className: 'h-auto px-0' })}
        >
          Fila de suporte
        </AppLink>
      </header>

      {stats.isError && <LoadFailed what="as estatísticas" onRetry={() => void stats.refetch()} />}
      <StatCards stats={stats.data} />
      <UsersTable />
      <WaitlistCard />
    </main>
  )
}
