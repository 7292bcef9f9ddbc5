import { BookOpenIcon } from 'lucide-react'
import { AppLink } from '@/components/app-link'
import { buttonVariants } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useSubscription } from '@/lib/get-subscription'
import { usePageTitle } from '@/lib/use-page-title'
import { ApiKeysCard } from './api-keys-card'
import { WebhooksCard } from './webhooks-card'

/** /integracoes: API keys and outgoing webhooks (Empresas 15); an upgrade prompt otherwise. */
export function IntegrationsPage() {
  usePageTitle('Integrações')
  const subscription = useSubscription()
  const features = subscription.data?.plan_features.features
  const api = features?.acesso_api === true
  const hooks = features?.integrações_personalizadas === true
  return (
    <main id="conteudo" className="mx-auto w-full max-w-4xl space-y-5 px-4 py-6 sm:px-6 sm:py-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Integrações</h1>
          <p className="text-muted-foreground">
            Conecte o Equilibraí aos seus sistemas pela API e por webhooks.
          </p>
        </div>
        <a href="/docs/api" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <BookOpenIcon aria-hidden="true" />
          Documentação da API
        </a>
      </header>
      {subscription.isPending && <Skeleton className="h-48 w-full" />}
      {subscription.isError && (
        <p role="alert" className="text-muted-foreground">
          Não foi possível carregar seu plano. Recarregue a página.
        </p>
      )}
      {subscription.data && !api && !hooks && <UpgradePrompt />}
      {api && <ApiKeysCard />}
      {hooks && <WebhooksCard />}
    </main>
  )
}

function UpgradePrompt() {
  return (
    <Card data-testid="integrations-upgrade">
      <CardHeader>
        <CardTitle>Disponível no plano Empresas 15</CardTitle>
        <CardDescription>
          Acesso à API e integrações personalizadas (webhooks) fazem parte do plano Empresas 15.
          Faça upgrade para criar chaves de API e receber eventos no seu sistema.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AppLink to="/dashboard#planos" className={buttonVariants({})}>
          Ver planos
        </AppLink>
      </CardContent>
    </Card>
  )
}
