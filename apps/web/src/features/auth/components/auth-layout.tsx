import type { ReactNode } from 'react'
import { AppLink } from '@/components/app-link'
import { Logo } from '@/components/layout/logo'

/** The auth screens' frame: brand, the product in one line, the card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-[radial-gradient(ellipse_at_top,var(--color-secondary),transparent_65%)] px-4 py-10">
      <div className="w-full max-w-md space-y-6">
        <div className="flex flex-col items-center gap-2 text-center">
          <AppLink
            to="/"
            className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-label="Equilibraí — página inicial"
          >
            <Logo className="text-2xl" />
          </AppLink>
          <p className="text-muted-foreground">
            Seu consultor financeiro inteligente, direto no WhatsApp
          </p>
        </div>
        {children}
      </div>
    </main>
  )
}
