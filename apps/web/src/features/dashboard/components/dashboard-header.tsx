import { LogOutIcon, ShieldCheckIcon } from 'lucide-react'
import { AppLink } from '@/components/app-link'
import { LogoMark } from '@/components/layout/logo'
import { ThemeToggle } from '@/components/layout/theme-toggle'
import { Button } from '@/components/ui/button'
import { useAuth, useIsAdmin } from '@/lib/auth'

/** Spec §2: the title, 'Admin Panel' for admins only (to /admin), and 'Sair'. */
export function DashboardHeader({
  onSignOut,
  signingOut,
}: {
  onSignOut: () => void
  signingOut: boolean
}) {
  const { user } = useAuth()
  const { data: isAdmin } = useIsAdmin(user?.id)
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <AppLink
            to="/dashboard"
            className="shrink-0 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-label="Equilibraí — painel"
          >
            <LogoMark />
          </AppLink>
          <h1 className="truncate font-bold text-lg tracking-tight sm:text-xl">Meu Painel</h1>
        </div>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          {isAdmin && (
            <Button asChild variant="outline" size="sm">
              <AppLink to="/admin">
                <ShieldCheckIcon aria-hidden="true" />
                {/* The icon alone on a phone; the name stays for screen readers. */}
                <span className="sr-only sm:not-sr-only">Admin Panel</span>
              </AppLink>
            </Button>
          )}
          <ThemeToggle />
          <Button type="button" variant="ghost" size="sm" onClick={onSignOut} disabled={signingOut}>
            <LogOutIcon aria-hidden="true" />
            Sair
          </Button>
        </div>
      </div>
    </header>
  )
}
