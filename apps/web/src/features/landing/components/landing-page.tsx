import { HydrateWhenVisible } from '@/components/hydrate-when-visible'
import { SiteFooter } from '@/components/layout/site-footer'
import { SiteHeader } from '@/components/layout/site-header'
import { usePageTitle } from '@/lib/use-page-title'
import { About } from './about'
import { Benefits } from './benefits'
import { Hero } from './hero'
import { PricingSection } from './pricing-section'
import { WaitlistSection } from './waitlist-section'

/**
 * `/` — a signed-in visitor never gets here: RedirectIfSignedIn (app/guards.tsx) wraps it.
 * Below the hero, sections hydrate as they come near the screen (the prerendered HTML shows
 * from the start): the first seconds go to the header and the hero.
 */
export function LandingPage() {
  usePageTitle()
  return (
    <>
      <SiteHeader />
      <main id="conteudo" tabIndex={-1} className="outline-none">
        <Hero />
        <HydrateWhenVisible>
          <Benefits />
        </HydrateWhenVisible>
        <HydrateWhenVisible>
          <About />
        </HydrateWhenVisible>
        <HydrateWhenVisible>
          <PricingSection />
        </HydrateWhenVisible>
        <HydrateWhenVisible>
          <WaitlistSection />
        </HydrateWhenVisible>
      </main>
      <HydrateWhenVisible>
        <SiteFooter />
      </HydrateWhenVisible>
    </>
  )
}
