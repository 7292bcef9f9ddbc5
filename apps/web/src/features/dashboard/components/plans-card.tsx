import {
  FEATURE_KEYS,
  featurePhrase,
  formatPrice,
  monthlyEntriesPhrase,
  type PlanFeatures,
  usersPhrase,
} from '@equilibrai/shared'
import { CheckIcon } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'
import { LoadFailed } from '@/components/load-failed'

/** The plan's limits, then its features in the landing's words (docs/glossary.md). */
function planHighlights(plan: PlanFeatures): string[] {
  return [
    monthlyEntriesPhrase(plan.max_monthly_transactions),
    usersPhrase(plan.max_users),
    ...FEATURE_KEYS.filter((key) => plan.features[key]).map(featurePhrase),
  ]
}

function PlanAction({
  plan,
  current,
  busy,
  disabled,
  onSubscribe,
}: {
  plan: PlanFeatures
  current: boolean
  busy: boolean
  disabled: boolean
  onSubscribe: () => void
}) {
  if (current) {
    return (
      <Button type="button" className="w-full" variant="secondary" disabled>
        Plano Ativo
      </Button>
    )
  }
  if (plan.price_monthly <= 0) {
    return (
      <Button type="button" className="w-full" variant="outline" disabled>
        Plano Gratuito
      </Button>
    )
  }
  return (
    <Button
      type="button"
      className="w-full"
      onClick={onSubscribe}
      disabled={disabled}
      aria-label={busy ? undefined : `Assinar Agora: plano ${plan.name}`}
    >
      {busy ? 'Processando...' : 'Assinar Agora'}
    </Button>
  )
}

/**
 * Spec §2 'Planos Disponíveis': one card per plan, four columns on large screens; the current
 * plan is marked and cannot be bought again; a paid plan starts its checkout.
 */
export function PlansCard({
  plans,
  isPending,
  onRetry,
  currentPlanType,
  busyPriceId,
  checkoutPending,
  onSubscribe,
}: {
  plans: PlanFeatures[] | undefined
  isPending: boolean
  onRetry: () => void
  currentPlanType: string | undefined
  busyPriceId: string | null
  checkoutPending: boolean
  onSubscribe: (plan: PlanFeatures) => void
}) {
  return (
    <Card id="planos" className="scroll-mt-4">
      <CardHeader>
        <CardTitle as="h2">Planos Disponíveis</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-72" />
            ))}
          </div>
        ) : !plans ? (
          <LoadFailed what="os planos" onRetry={onRetry} />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {plans.map((plan) => {
              const current = plan.plan_type === currentPlanType
              const busy = busyPriceId !== null && busyPriceId === plan.stripe_price_id
              return (
                <li
                  key={plan.plan_type}
                  data-plan={plan.plan_type}
                  className={cn(
                    'flex flex-col gap-4 rounded-lg border p-4',
                    current && 'border-2 border-primary bg-primary/5',
                  )}
                >
                  <div className="space-y-1">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <h3 className="font-semibold text-lg">{plan.name}</h3>
                      {current && <Badge>Plano Atual</Badge>}
                    </div>
                    <p className="flex items-baseline gap-1">
                      <span className="font-bold text-2xl tracking-tight">
                        {formatPrice(plan.price_monthly)}
                      </span>
                      {plan.price_monthly > 0 && (
                        <span className="text-muted-foreground text-sm">/mês</span>
                      )}
                    </p>
                  </div>
                  <ul className="flex-1 space-y-2 text-sm">
                    {planHighlights(plan).map((item) => (
                      <li key={item} className="flex gap-2">
                        <CheckIcon
                          aria-hidden="true"
                          className="mt-0.5 size-4 shrink-0 text-primary"
                        />
                        <span>{item}</span>
                      </li>
                    ))}
                  </ul>
                  <PlanAction
                    plan={plan}
                    current={current}
                    busy={busy}
                    disabled={checkoutPending || !currentPlanType}
                    onSubscribe={() => onSubscribe(plan)}
                  />
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
