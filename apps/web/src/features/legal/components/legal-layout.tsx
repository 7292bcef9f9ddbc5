import type { ReactNode } from 'react'
import { SiteFooter } from '@/components/layout/site-footer'
import { SiteHeader } from '@/components/layout/site-header'
import { usePageTitle } from '@/lib/use-page-title'

export const LEGAL_UPDATED_AT = '22 de novembro de 2026'

export function LegalLayout({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title)
  return (
    <>
      <SiteHeader />
      <main id="conteudo" tabIndex={-1} className="outline-none">
        <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
          <header className="mb-10 border-b pb-6">
            <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{title}</h1>
            <p className="mt-3 text-muted-foreground text-sm">
              Última atualização: {LEGAL_UPDATED_AT}
            </p>
          </header>
          <div className="space-y-8 leading-relaxed [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_h2]:mb-3 [&_h2]:font-semibold [&_h2]:text-xl [&_li]:ml-5 [&_li]:list-disc [&_p+p]:mt-3 [&_ul]:mt-3 [&_ul]:space-y-1.5">
            {children}
          </div>
        </article>
      </main>
      <SiteFooter />
    </>
  )
}
