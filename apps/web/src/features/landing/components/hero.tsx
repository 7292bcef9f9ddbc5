import { ArrowRightIcon, CheckIcon } from 'lucide-react'
import { clsx } from 'clsx'
import { badgeVariants } from '@/components/ui/variants'
import { buttonVariants } from '@/components/ui/variants'
import { ChatPreview } from './chat-preview'

const PROMISES = [
  'Sem app novo para instalar',
  'Funciona no seu WhatsApp',
  'Plano grátis para começar',
]

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-[radial-gradient(ellipse_at_top,var(--color-secondary),transparent_65%)]"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-[1.1fr_1fr] lg:pt-24 lg:pb-24">
        <div className="text-center lg:text-left">
          <p className={clsx(badgeVariants({ variant: 'secondary', size: 'lg' }), 'mb-5')}>
            Lista VIP aberta · acesso antecipado
          </p>
          <h1
            id="hero-title"
            className="text-balance font-extrabold text-4xl tracking-tight sm:text-5xl lg:text-6xl"
          >
            Seu consultor financeiro de bolso, a{' '}
            <span className="text-primary">uma mensagem de distância</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-muted-foreground lg:mx-0">
            Mande “gastei 45,90 no mercado” no WhatsApp e pronto: o Equilibraí registra, organiza
            por categoria e avisa antes de cada conta vencer. Para a sua vida pessoal e para a sua
            empresa.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <a href="#waitlist" className={buttonVariants({ size: 'lg' })}>
              Quero acesso antecipado
              <ArrowRightIcon aria-hidden="true" />
            </a>
            <a href="#waitlist" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              Entrar na Lista VIP
            </a>
          </div>
          <ul className="mt-8 flex flex-col items-center gap-2 text-muted-foreground text-sm sm:flex-row sm:flex-wrap sm:justify-center sm:gap-x-5 lg:justify-start">
            {PROMISES.map((promise) => (
              <li key={promise} className="flex items-center gap-1.5 whitespace-nowrap">
                <CheckIcon aria-hidden="true" className="size-4 text-primary" />
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <ChatPreview />
      </div>
    </section>
  )
}
