import { HeartHandshakeIcon, type LucideIcon, ShieldCheckIcon, UsersIcon } from 'lucide-react'

type Highlight = { icon: LucideIcon; title: string; text: string }

const HIGHLIGHTS: Highlight[] = [
  {
    icon: HeartHandshakeIcon,
    title: 'Feito para o Brasil',
    text: 'Fala português de verdade, entende “2 mil”, “R$ 45,90” e “dia 10”, e conta tudo em reais.',
  },
  {
    icon: UsersIcon,
    title: 'Pessoal ou empresarial',
    text: 'Do orçamento da casa ao caixa da empresa, com planos de 1 a 15 usuários.',
  },
  {
    icon: ShieldCheckIcon,
    title: 'Seus dados protegidos',
    text: 'Tratamos seus dados conforme a LGPD. Você pode pedir uma cópia ou a exclusão quando quiser.',
  },
]

const STEPS = [
  'Entre na Lista VIP e garanta seu acesso antecipado.',
  'Crie sua conta e conecte o seu número de WhatsApp.',
  'Converse com o Equilibraí: registre, pergunte e receba alertas.',
]

export function About() {
  return (
    <section id="sobre" aria-labelledby="sobre-title" className="py-20 sm:py-24">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16">
        <div>
          <p className="font-semibold text-primary text-sm uppercase tracking-wide">Sobre nós</p>
          <h2 id="sobre-title" className="mt-2 font-bold text-3xl tracking-tight sm:text-4xl">
            Cuidar do dinheiro não precisa ser complicado
          </h2>
          <div className="mt-6 space-y-4 text-lg text-muted-foreground">
            <p>
              O Equilibraí nasceu de uma ideia simples: quem quer organizar as finanças não deveria
              depender de planilhas difíceis nem de mais um aplicativo esquecido no celular.
            </p>
            <p>
              Por isso levamos um consultor financeiro para onde você já está o dia todo. Você
              conversa, ele anota, organiza e avisa — e você decide com clareza.
            </p>
          </div>
          <h3 className="mt-10 font-semibold text-xl">Como funciona</h3>
          <ol className="mt-4 space-y-3">
            {STEPS.map((step, index) => (
              <li key={step} className="flex items-start gap-3">
                <span
                  aria-hidden="true"
                  className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-sm"
                >
                  {index + 1}
                </span>
                <span className="pt-0.5">{step}</span>
              </li>
            ))}
          </ol>
        </div>
        <ul className="grid content-center gap-4">
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-xl border bg-card p-5 shadow-sm">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1 text-muted-foreground text-sm leading-relaxed">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
