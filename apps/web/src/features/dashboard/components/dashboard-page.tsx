import { ArrowRightIcon, BarChart3Icon, LandmarkIcon, PlugIcon, WalletIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { AppLink } from '@/components/app-link'
import { Button } from '@/components/ui/button'
import { usePageTitle } from '@/lib/use-page-title'
import { usePlans } from '@/lib/get-plans'
import { useSubscription } from '@/lib/get-subscription'
import { useProfile } from '../api/get-profile'
import { useCheckout } from '../hooks/use-checkout'
import { useCheckoutReturn } from '../hooks/use-checkout-return'
import { usePlanFromUrl } from '../hooks/use-plan-from-url'
import { CurrentPlanCard } from './current-plan-card'
import { NotificationSettingsCard } from './notification-settings-card'
import { PlanFeaturesCard } from './plan-features-card'
import { PlansCard } from './plans-card'
import { ProfileCard } from './profile-card'

/**
 * Spec §2 'Dashboard': profile, current plan and usage, the plans on sale, the plan's features.
 * The cards other features own come in as props (app/dashboard-route.tsx puts them in).
 */
export function DashboardPage({
  membershipCard,
  financeHome,
  balancesCard,
  whatsAppCard,
  businessSection,
  privacyCard,
}: {
  /** For a team member: the team's plan in place of their own plan and the plans on sale. */
  membershipCard?: ReactNode
  financeHome: ReactNode
  balancesCard: ReactNode
  whatsAppCard: ReactNode
  businessSection: ReactNode
  privacyCard: ReactNode
}) {
  usePageTitle('Meu painel')
  const polling = useCheckoutReturn()
  const subscription = useSubscription({ poll: polling })
  const plans = usePlans()
  const { data: profile } = useProfile()
  const checkout = useCheckout()
  usePlanFromUrl({
    plans: plans.data,
    currentPlanType: subscription.data?.plan_type,
    start: checkout.start,
  })
  const firstName = profile?.name.trim().split(/\s+/)[0]

  return (
    <main id="conteudo" className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <section className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Meu painel</h1>
          <p className="text-muted-foreground">
            {firstName ? `Olá, ${firstName}! ` : 'Olá! '}Seu dinheiro, seu plano e o que ele inclui.
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          {subscription.data?.plan_features.features.acesso_api === true && (
            <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
              <AppLink to="/integracoes">
                <PlugIcon aria-hidden="true" />
                Integrações
              </AppLink>
            </Button>
          )}
          <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
            <AppLink to="/contas">
              <LandmarkIcon aria-hidden="true" />
              Minhas contas
            </AppLink>
          </Button>
          <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
            <AppLink to="/relatorios">
              <BarChart3Icon aria-hidden="true" />
              Relatórios
            </AppLink>
          </Button>
          <Button asChild size="lg" className="w-full sm:w-auto">
            <AppLink to="/financas">
              <WalletIcon aria-hidden="true" />
              Minhas finanças
              <ArrowRightIcon aria-hidden="true" />
            </AppLink>
          </Button>
        </div>
      </section>

      {financeHome}
      {balancesCard}
      {whatsAppCard}

      <div className="grid gap-6 md:grid-cols-2">
        <ProfileCard />
        {membershipCard || (
          <CurrentPlanCard
            subscription={subscription.data}
            isPending={subscription.isPending}
            onRetry={() => void subscription.refetch()}
          />
        )}
      </div>

      <NotificationSettingsCard />

      {!membershipCard && (
        <PlansCard
          plans={plans.data}
          isPending={plans.isPending}
          onRetry={() => void plans.refetch()}
          currentPlanType={subscription.data?.plan_type}
          busyPriceId={checkout.busyPriceId}
          checkoutPending={checkout.isPending}
          onSubscribe={checkout.start}
        />
      )}

      <PlanFeaturesCard subscription={subscription.data} />
      {businessSection}

      {privacyCard}
    </main>
  )
}
