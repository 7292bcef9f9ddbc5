import { CheckIcon, SparklesIcon } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { ErrorBoundary } from '@/components/error-boundary'
import { Bone } from './bone'
import { SectionError } from './section-error'

const WaitlistIsland = lazy(() => import('./islands').then((m) => ({ default: m.WaitlistIsland })))

/** Same height as the form, so nothing jumps when it arrives. */
function FormSkeleton() {
  return (
    <div className="space-y-5" role="status">
      <span className="sr-only">Carregando formulário...</span>
      {['nome', 'whatsapp', 'email'].map((field) => (
        <div key={field} className="space-y-2">
          <Bone className="h-3.5 w-24" />
          <Bone className="h-11 w-full" />
        </div>
      ))}
      <Bone className="h-12 w-full" />
    </div>
  )
}

const PERKS = [
  'Acesso antes da abertura para o público',
  'Condições especiais de lançamento',
  'Contato direto com o time para sugerir melhorias',
]

export function WaitlistSection() {
  return (
    <section
      id="waitlist"
      aria-labelledby="waitlist-title"
      className="border-t bg-muted/40 py-20 sm:py-24"
    >
      <div className="mx-auto grid max-w-5xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <p className="inline-flex items-center gap-2 font-semibold text-primary text-sm uppercase tracking-wide">
            <SparklesIcon aria-hidden="true" className="size-4" />
            Lista VIP
          </p>
          <h2 id="waitlist-title" className="mt-2 font-bold text-3xl tracking-tight sm:text-4xl">
            Seja um dos primeiros a usar o Equilibraí
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            As vagas do acesso antecipado são limitadas. Deixe seu contato e avisamos você pelo
            WhatsApp assim que chegar a sua vez.
          </p>
          <ul className="mt-6 space-y-3">
            {PERKS.map((perk) => (
              <li key={perk} className="flex gap-3">
                <CheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                {perk}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl border bg-card p-6 shadow-lg sm:p-8">
          <ErrorBoundary
            fallback={<SectionError message="Não foi possível carregar o formulário agora." />}
          >
            <Suspense fallback={<FormSkeleton />}>
              <WaitlistIsland />
            </Suspense>
          </ErrorBoundary>
        </div>
      </div>
    </section>
  )
}
