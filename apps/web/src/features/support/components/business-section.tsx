import { BarChart3Icon, MailOpenIcon, UsersIcon } from 'lucide-react'
import { AppLink } from '@/components/app-link'
import { buttonVariants } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { pendingInvitation } from '@/lib/pending-invitation'
import { SupportCard } from './support-card'

/**
 * The dashboard's business part: links to /equipe and /analise (each page explains
 * its plan when the current one lacks it), an invitation opened before signing in, and the
 * 'Suporte' card.
 */
export function BusinessSection() {
  const invitation = pendingInvitation()
  return (
    <>
      {invitation && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4"
        >
          <p className="flex items-center gap-2 text-sm">
            <MailOpenIcon aria-hidden="true" className="size-4" />
            Você abriu um convite para uma equipe.
          </p>
          <AppLink to={`/convite/${invitation}`} className={buttonVariants({ size: 'sm' })}>
            Abrir convite
          </AppLink>
        </div>
      )}
      <Card>
        <CardHeader>
          <CardTitle as="h2">Empresa</CardTitle>
          <CardDescription>Equipe e análise avançada dos planos Empresas.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 sm:flex-row">
          <AppLink to="/equipe" className={buttonVariants({ variant: 'outline' })}>
            <UsersIcon aria-hidden="true" />
            Equipe
          </AppLink>
          <AppLink to="/analise" className={buttonVariants({ variant: 'outline' })}>
            <BarChart3Icon aria-hidden="true" />
            Análise
          </AppLink>
        </CardContent>
      </Card>
      <SupportCard />
    </>
  )
}
