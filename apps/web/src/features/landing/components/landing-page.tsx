import { SiteFooter } from '@/components/layout/site-footer'
import { SiteHeader } from '@/components/layout/site-header'
import { usePageTitle } from '@/lib/use-page-title'
import { About } from './about'
import { Benefits } from './benefits'
import { Hero } from './hero'
import { PricingSection } from './pricing-section'
import { WaitlistSection } from './waitlist-section'

/** `/` — a signed-in visitor never gets here: RedirectIfSignedIn (app/guards.tsx) wraps it. */
export function LandingPage() {
  usePageTitle()
  return (
    <>
      <SiteHeader />
      <main id="conteudo" tabIndex={-1} className="outline-none">
        <Hero />
        <Benefits />
        <About />
        <PricingSection />
        <WaitlistSection />
      </main>
      <SiteFooter />
    </>
  )
}
