import { formatPrice } from '@equilibrai/shared'
import { CheckIcon, RefreshCwIcon } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/cn'
import { type Plan, usePlans } from '@/lib/get-plans'
import { PricingSkeleton } from './pricing-skeleton'
import { planFeatureList } from '../utils/plan-feature-list'
import { AppLink } from '@/components/app-link'

const POPULAR_PLAN = 'pf_simples'

const PLAN_TAGLINES: Record<string, string> = {
  free: 'Para experimentar sem compromisso.',
  pf_simples: 'Para organizar a vida financeira pessoal.',
  empresas_2: 'Para sócios e pequenos negócios.',
  empresas_15: 'Para equipes que crescem.',
}

function PlanCard({ plan }: { plan: Plan }) {
  const popular = plan.plan_type === POPULAR_PLAN
  const paid = plan.price_monthly > 0
  return (
    <Card
      className={cn(
        'relative h-full',
        popular && 'border-2 border-primary shadow-lg lg:-translate-y-2',
      )}
    >
      {popular && (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1">Mais Popular</Badge>
      )}
      <CardHeader className="gap-3">
        <CardTitle>{plan.name}</CardTitle>
        {PLAN_TAGLINES[plan.plan_type] && (
          <p className="text-muted-foreground text-sm">{PLAN_TAGLINES[plan.plan_type]}</p>
        )}
        <p className="flex items-baseline gap-1">
          <span className="font-bold text-3xl tracking-tight">
            {formatPrice(plan.price_monthly)}
          </span>
          {paid && <span className="text-muted-foreground text-sm">/mês</span>}
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="space-y-2.5 text-sm">
          {planFeatureList(plan).map((feature) => (
            <li key={feature} className="flex gap-2">
              <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button asChild className="w-full" variant={popular ? 'default' : 'outline'} size="lg">
          <AppLink
            to={`/auth?plan=${encodeURIComponent(plan.plan_type)}`}
            aria-label={`${paid ? 'Assinar Agora' : 'Começar Agora'}: plano ${plan.name}`}
          >
            {paid ? 'Assinar Agora' : 'Começar Agora'}
          </AppLink>
        </Button>
      </CardFooter>
    </Card>
  )
}

function PricingError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-xl border border-dashed p-8 text-center"
    >
      <p className="font-medium">Não foi possível carregar os planos agora.</p>
      <p className="text-muted-foreground text-sm">
        Verifique sua conexão e tente de novo em instantes.
      </p>
      <Button type="button" variant="outline" onClick={onRetry} disabled={retrying}>
        <RefreshCwIcon aria-hidden="true" className={cn(retrying && 'animate-spin')} />
        Tentar novamente
      </Button>
    </div>
  )
}

export function PlansList() {
  const { data: plans, isPending, isError, refetch, isFetching } = usePlans()
  if (isPending) return <PricingSkeleton />
  if (isError) return <PricingError onRetry={() => void refetch()} retrying={isFetching} />
  return (
    <ul className="grid gap-6 pt-3 md:grid-cols-2 lg:grid-cols-4">
      {plans.map((plan) => (
        <li key={plan.plan_type}>
          <PlanCard plan={plan} />
        </li>
      ))}
    </ul>
  )
}
