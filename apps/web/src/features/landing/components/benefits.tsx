import {
  BellRingIcon,
  ChartPieIcon,
  type LucideIcon,
  MessageCircleIcon,
  ZapIcon,
} from 'lucide-react'

type Benefit = { icon: LucideIcon; title: string; text: string }

const BENEFITS: Benefit[] = [
  {
    icon: MessageCircleIcon,
    title: 'Controle imediato por mensagem',
    text: 'Gastou ou recebeu? Mande uma mensagem do jeito que você fala. O Equilibraí entende, categoriza e registra na hora, sem planilha e sem formulário.',
  },
  {
    icon: ChartPieIcon,
    title: 'Relatórios sob medida',
    text: 'Resumos por categoria e por período mostram para onde vai o seu dinheiro, no formato certo para a sua casa ou para o seu negócio.',
  },
  {
    icon: BellRingIcon,
    title: 'Alertas exclusivos',
    text: 'Avisamos quando um gasto foge do padrão e antes de cada conta vencer. Chega de susto na fatura e de juros por esquecimento.',
  },
  {
    icon: ZapIcon,
    title: 'Saldo e vencimentos na hora',
    text: 'Pergunte “saldo” ou “o que vence essa semana?” e receba a resposta em segundos, onde você estiver.',
  },
]

export function Benefits() {
  return (
    <section
      id="beneficios"
      aria-labelledby="beneficios-title"
      className="border-y bg-muted/40 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto mb-12 max-w-2xl text-center">
          <p className="font-semibold text-primary text-sm uppercase tracking-wide">Benefícios</p>
          <h2 id="beneficios-title" className="mt-2 font-bold text-3xl tracking-tight sm:text-4xl">
            Suas finanças organizadas sem sair do WhatsApp
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Tudo o que um bom consultor faria por você, no app que você já abre dezenas de vezes por
            dia.
          </p>
        </div>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
              <span className="mb-4 inline-flex size-11 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="font-semibold text-lg leading-snug">{title}</h3>
              <p className="mt-2 text-muted-foreground text-sm leading-relaxed">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
