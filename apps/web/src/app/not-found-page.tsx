import { SiteFooter } from '@/components/layout/site-footer'
import { SiteHeader } from '@/components/layout/site-header'
import { Button } from '@/components/ui/button'
import { usePageTitle } from '@/lib/use-page-title'
import { AppLink } from '@/components/app-link'

export function NotFoundPage() {
  usePageTitle('Página não encontrada')
  return (
    <>
      <SiteHeader />
      <main
        id="conteudo"
        tabIndex={-1}
        className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center"
      >
        <p className="font-semibold text-primary text-sm">Erro 404</p>
        <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Página não encontrada</h1>
        <p className="text-muted-foreground">
          O endereço que você procurou não existe ou foi movido. Confira o link ou volte para a
          página inicial.
        </p>
        <Button asChild size="lg">
          <AppLink to="/">Voltar para o início</AppLink>
        </Button>
      </main>
      <SiteFooter />
    </>
  )
}
