import { AppLink } from '@/components/app-link'
import { buttonVariants } from '@/components/ui/variants'
import { Logo } from './logo'
import { ThemeToggle } from './theme-toggle'

const NAV_LINKS = [
  { hash: 'beneficios', label: 'Benefícios' },
  { hash: 'sobre', label: 'Sobre' },
  { hash: 'pricing', label: 'Planos' },
] as const

/** The public pages' header: brand, section links, theme switch and 'Entrar'. */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
      >
        Pular para o conteúdo
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <AppLink
          to="/"
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label="Equilibraí — página inicial"
        >
          <Logo />
        </AppLink>
        <nav aria-label="Seções" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.hash}>
                <AppLink
                  to={`/#${link.hash}`}
                  className={buttonVariants({ variant: 'ghost', size: 'sm' })}
                >
                  {link.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <AppLink to="/auth" className={buttonVariants()}>
            Entrar
          </AppLink>
        </div>
      </div>
    </header>
  )
}
