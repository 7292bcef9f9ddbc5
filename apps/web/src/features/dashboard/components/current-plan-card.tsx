import { formatDatePtBR, isPremium, UNLIMITED } from '@equilibrai/shared'
import { CrownIcon, ExternalLinkIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import type { Subscription } from '@equilibrai/shared'
import { useOpenPortal } from '../hooks/use-open-portal'
import { LoadFailed } from '@/components/load-failed'

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b py-2.5 last:border-b-0">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className="text-right font-medium tabular-nums">{children}</dd>
    </div>
  )
}

/**
 * Spec §2 'Plano Atual': Premium or Gratuito, the plan's name, this month's entries against the
 * limit (∞ for -1), users, the renewal date of a paid plan, and the subscription portal (a
 * paid plan's, or a former payer's; the free plan otherwise has none, and the card says so).
 */
export function CurrentPlanCard({
  subscription,
  isPending,
  onRetry,
}: {
  subscription: Subscription | undefined
  isPending: boolean
  onRetry: () => void
}) {
  const portal = useOpenPortal()
  const plan = subscription?.plan_features
  const premium = subscription ? isPremium(subscription.plan_type) : false
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-4">
        <CardTitle as="h2">Plano Atual</CardTitle>
        {subscription && (
          <Badge variant={premium ? 'default' : 'secondary'}>
            {premium && <CrownIcon aria-hidden="true" />}
            {premium ? 'Premium' : 'Gratuito'}
          </Badge>
        )}
      </CardHeader>
      <CardContent className="flex-1">
        {isPending ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-8 w-1/2" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : !subscription || !plan ? (
          <LoadFailed what="o seu plano" onRetry={onRetry} />
        ) : (
          <>
            <p className="mb-3 font-bold text-2xl tracking-tight" data-testid="current-plan-name">
              {plan.name}
            </p>
            <dl>
              <Row label="Transações">
                {subscription.monthly_transactions} /{' '}
                {plan.max_monthly_transactions === UNLIMITED ? (
                  <>
                    <span aria-hidden="true">∞</span>
                    <span className="sr-only">ilimitadas</span>
                  </>
                ) : (
                  plan.max_monthly_transactions
                )}
              </Row>
              <Row label="Usuários">1 / {plan.max_users}</Row>
              {subscription.subscription_status !== 'active' && (
                <Row label="Status">{subscription.subscription_status}</Row>
              )}
              {premium && subscription.current_period_end && (
                <Row label="Próxima Renovação">
                  {formatDatePtBR(subscription.current_period_end)}
                </Row>
              )}
            </dl>
          </>
        )}
      </CardContent>
      <CardFooter>
        {subscription && !premium && !subscription.has_stripe_customer ? (
          // The free plan has no subscription, so the portal has nothing to show (it answered
          // an error): say so, and point at the plans instead. A former payer keeps the portal:
          // their invoices and payment methods are there.
          <p className="text-muted-foreground text-sm" data-testid="no-subscription-note">
            No plano Gratuito não há assinatura para gerenciar.{' '}
            <a
              href="#planos"
              className="font-medium text-foreground underline underline-offset-4 hover:text-primary"
            >
              Ver planos
            </a>
          </p>
        ) : (
          <Button
            type="button"
            variant="outline"
            className="w-full"
            onClick={portal.open}
            disabled={portal.isPending || !subscription}
          >
            <ExternalLinkIcon aria-hidden="true" />
            {portal.isPending ? 'Abrindo...' : 'Gerenciar assinatura'}
          </Button>
        )}
      </CardFooter>
    </Card>
  )
}
