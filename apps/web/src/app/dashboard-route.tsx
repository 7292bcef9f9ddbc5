import { BalancesCard } from '@/features/accounts'
import { DashboardPage } from '@/features/dashboard/components/dashboard-page'
import { PrivacyCard } from '@/features/privacy'
import { BusinessSection } from '@/features/support/components/business-section'
import { WhatsAppCard } from '@/features/whatsapp'

/**
 * /dashboard: the dashboard feature's page with the cards other features own (balances,
 * WhatsApp, the business part, privacy). Put together here, in app/, because features do not import each other.
 */
export function DashboardRoute() {
  return (
    <DashboardPage
      balancesCard={<BalancesCard />}
      whatsAppCard={<WhatsAppCard />}
      businessSection={<BusinessSection />}
      privacyCard={<PrivacyCard />}
    />
  )
}
