import { LogOutIcon, ShieldCheckIcon } from 'lucide-react'
import { useLocation } from 'react-router'
import { AppLink } from '@/components/app-link'
import { LogoMark } from '@/components/layout/logo'
import { ThemeToggle } from '@/components/layout/theme-toggle'
import { Button } from '@/components/ui/button'
import { useAuth, useIsAdmin, useSignOut } from '@/lib/auth'
import { cn } from '@/lib/cn'

/** The signed-in pages, in the order people use them (issue 26: one shell for all of them). */
export const APP_NAV = [
  { to: '/dashboard', label: 'Painel' },
  { to: '/financas', label: 'Finanças' },
  { to: '/contas', label: 'Contas' },
  { to: '/relatorios', label: 'Relatórios' },
  { to: '/analise', label: 'Análise' },
  { to: '/equipe', label: 'Equipe' },
] as const

/**
 * The header of every signed-in page: the logo, the pages, 'Admin Panel' for admins only (spec
 * §2), the theme and 'Sair'. On a phone the pages sit in a row under it that scrolls by itself,
 * never the page.
 */
export function AppHeader() {
  const { user } = useAuth()
  const { data: isAdmin } = useIsAdmin(user?.id)
  const { signOut, pending } = useSignOut()
  const { pathname } = useLocation()
  const nav = (
    <ul className="flex items-center gap-1">
      {APP_NAV.map((item) => {
        const current = pathname === item.to || pathname.startsWith(`${item.to}/`)
        return (
          <li key={item.to}>
            <AppLink
              to={item.to}
              aria-current={current ? 'page' : undefined}
              className={cn(
                'inline-flex h-9 items-center whitespace-nowrap rounded-md px-3 font-medium text-sm transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                current ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
              )}
            >
              {item.label}
            </AppLink>
          </li>
        )
      })}
    </ul>
  )
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-4">
          <AppLink
            to="/dashboard"
            className="shrink-0 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-label="Equilibraí — painel"
          >
            <LogoMark />
          </AppLink>
          <nav aria-label="Páginas" className="hidden lg:block">
            {nav}
          </nav>
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
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => void signOut()}
            disabled={pending}
          >
            <LogOutIcon aria-hidden="true" />
            Sair
          </Button>
        </div>
      </div>
      <nav aria-label="Páginas" className="overflow-x-auto border-t px-2 py-1 lg:hidden">
        {nav}
      </nav>
    </header>
  )
}
