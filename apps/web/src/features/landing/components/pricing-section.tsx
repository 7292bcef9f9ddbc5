import { lazy, Suspense } from 'react'
import { ErrorBoundary } from '@/components/error-boundary'
import { PricingSkeleton } from './pricing-skeleton'
import { SectionError } from './section-error'

// Below the fold, with TanStack Query: loaded after the first paint, outside the landing
// page's initial JavaScript.
const PlansIsland = lazy(() => import('./islands').then((m) => ({ default: m.PlansIsland })))

export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="border-t py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto mb-12 max-w-2xl text-center">
          <p className="font-semibold text-primary text-sm uppercase tracking-wide">Planos</p>
          <h2 id="pricing-title" className="mt-2 font-bold text-3xl tracking-tight sm:text-4xl">
            Um plano para cada momento
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Comece grátis e mude de plano quando a sua vida financeira pedir mais.
          </p>
        </div>
        <ErrorBoundary
          fallback={<SectionError message="Não foi possível carregar os planos agora." />}
        >
          <Suspense fallback={<PricingSkeleton />}>
            <PlansIsland />
          </Suspense>
        </ErrorBoundary>
        <p className="mt-10 text-center text-muted-foreground text-sm">
          Todos os planos incluem suporte pelo WhatsApp e podem ser cancelados a qualquer momento.
        </p>
      </div>
    </section>
  )
}
