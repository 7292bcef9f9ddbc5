import { CheckIcon, LockIcon } from 'lucide-react'
import { AppLink } from '@/components/app-link'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

const WHAT_YOU_GET = [
  'Receitas, despesas e saldo do mês, comparados ao mês anterior',
  'Gráficos por categoria e do dia a dia, com os números em tabela',
  'Seus maiores gastos do mês',
  'Extrato em PDF, aqui e pelo WhatsApp (mande “pdf”)',
  'Resumo semanal e mensal no seu WhatsApp',
]

/** What a plan without relatórios_básicos would get here, and the way to upgrade. */
export function ReportUpsell({ message }: { message: string }) {
  return (
    <Card data-testid="report-upsell">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <LockIcon aria-hidden="true" className="size-5" />
          Relatórios do seu dinheiro
        </CardTitle>
        <CardDescription>{message}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="font-medium text-sm">Com os relatórios você tem:</p>
        <ul className="space-y-2 text-sm">
          {WHAT_YOU_GET.map((item) => (
            <li key={item} className="flex gap-2">
              <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
              {item}
            </li>
          ))}
        </ul>
        <Button asChild>
          <AppLink to="/dashboard#planos">Fazer upgrade</AppLink>
        </Button>
        <p className="text-muted-foreground text-sm">
          A exportação em CSV continua disponível no seu plano: use o botão “Baixar CSV”.
        </p>
      </CardContent>
    </Card>
  )
}
