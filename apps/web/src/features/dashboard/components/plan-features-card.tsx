import { FEATURE_KEYS, featureLabel } from '@equilibrai/shared'
import { CircleCheckIcon, CircleMinusIcon } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'
import type { Subscription } from '@equilibrai/shared'

/** The plan's flags in the catalog's order, then any the catalog does not know yet. */
function featureKeys(features: Record<string, boolean>): string[] {
  const known: readonly string[] = FEATURE_KEYS
  return [...known, ...Object.keys(features).filter((key) => !known.includes(key))]
}

/**
 * Spec §2 'Recursos do seu Plano': every feature flag of the plan with an icon, checked when the
 * plan has it and muted when not; the label is the key with spaces and capitals.
 */
export function PlanFeaturesCard({ subscription }: { subscription: Subscription | undefined }) {
  const features = subscription?.plan_features.features
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Recursos do seu Plano</CardTitle>
      </CardHeader>
      <CardContent>
        {!features ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <ul className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
            {featureKeys(features).map((key) => {
              const included = features[key] === true
              const Icon = included ? CircleCheckIcon : CircleMinusIcon
              return (
                <li
                  key={key}
                  data-included={included}
                  className={cn('flex items-center gap-2', !included && 'text-muted-foreground')}
                >
                  <Icon
                    aria-hidden="true"
                    className={cn('size-5 shrink-0', included ? 'text-primary' : 'opacity-60')}
                  />
                  <span>{featureLabel(key)}</span>
                  <span className="sr-only">{included ? '(incluído)' : '(não incluído)'}</span>
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
