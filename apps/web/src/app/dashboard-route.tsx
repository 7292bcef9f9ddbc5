import { BalancesCard } from '@/features/accounts'
import { DashboardPage } from '@/features/dashboard/components/dashboard-page'
import { FinanceHome } from '@/features/finances'
import { PrivacyCard } from '@/features/privacy'
import { MembershipCard, useTeam } from '@/features/team'
import { BusinessSection } from '@/features/support/components/business-section'
import { WhatsAppCard } from '@/features/whatsapp'

/**
 * /dashboard: the dashboard feature's page with the cards other features own (the month's money, balances,
 * WhatsApp, the business part, privacy). Put together here, in app/, because features do not import each other.
 */
export function DashboardRoute() {
  // A person on a plan without teams gets a 403 here: they are simply not a member.
  const team = useTeam()
  const membership = team.data?.my_role === 'member' ? team.data : null
  return (
    <DashboardPage
      membershipCard={membership && <MembershipCard team={membership} />}
      financeHome={<FinanceHome />}
      balancesCard={<BalancesCard />}
      whatsAppCard={<WhatsAppCard />}
      businessSection={<BusinessSection />}
      privacyCard={<PrivacyCard />}
    />
  )
}
