import { type Analysis, CATEGORY_LABELS, type CategoryChange, formatBRL } from '@equilibrai/shared'
import { TrendingDownIcon, TrendingUpIcon } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { AppLink } from '@/components/app-link'
import { Button, buttonVariants } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { ApiError } from '@/lib/api-client'
import { cn } from '@/lib/cn'
import { usePageTitle } from '@/lib/use-page-title'
import { useAnalysis } from '../api/get-analysis'

// recharts is large: it loads with this page only.
const MonthSeriesChart = lazy(() =>
  import('./month-series-chart').then((m) => ({ default: m.MonthSeriesChart })),
)

/** /analise (análise_avançada): 12 months, categories vs their 3-month average, projection. */
export function AnalysisPage() {
  usePageTitle('Análise')
  const analysis = useAnalysis(12)
  return (
    <main id="conteudo" className="mx-auto w-full max-w-5xl space-y-5 px-4 py-6 sm:px-6 sm:py-8">
      <header className="space-y-1">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Análise</h1>
      </header>
      {analysis.isPending && <Skeleton className="h-72 w-full" />}
      {analysis.isError &&
        (analysis.error instanceof ApiError && analysis.error.code === 'FEATURE_NOT_IN_PLAN' ? (
          <Card>
            <CardHeader>
              <CardTitle as="h2">Análise avançada nos planos Empresas</CardTitle>
              <CardDescription>{analysis.error.message}</CardDescription>
            </CardHeader>
            <CardContent>
              <AppLink to="/dashboard#planos" className={buttonVariants()}>
                Ver planos
              </AppLink>
            </CardContent>
          </Card>
        ) : (
          <div role="alert" className="space-y-2">
            <p className="text-muted-foreground">Não foi possível carregar a análise.</p>
            <Button variant="outline" onClick={() => void analysis.refetch()}>
              Tentar novamente
            </Button>
          </div>
        ))}
      {analysis.data && <AnalysisView analysis={analysis.data} />}
    </main>
  )
}

function AnalysisView({ analysis }: { analysis: Analysis }) {
  const p = analysis.projection
  return (
    <>
      <section aria-label="Projeção do mês" className="grid gap-4 sm:grid-cols-3">
        <Figure label="Entradas previstas" cents={p.income_cents} />
        <Figure label="Saídas previstas" cents={p.expense_cents} />
        <Figure label="Saldo previsto" cents={p.balance_cents} strong />
      </section>
      <p className="text-muted-foreground text-sm">
        Projeção para o fim do mês ({p.days_elapsed} de {p.days_in_month} dias): os gastos do dia a
        dia no ritmo de até agora, mais as contas a pagar e os lançamentos recorrentes que ainda vêm
        neste mês. Nas entradas, só o que já entrou e as receitas recorrentes: uma receita avulsa
        não se repete.
      </p>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Últimos 12 meses</CardTitle>
        </CardHeader>
        <CardContent>
          <Suspense fallback={<Skeleton className="h-72 w-full" />}>
            <MonthSeriesChart months={analysis.months} />
          </Suspense>
        </CardContent>
      </Card>
      {analysis.movers.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Maiores variações</CardTitle>
            <CardDescription>
              Previsto para o mês contra a média dos 3 meses anteriores.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="space-y-2">
              {analysis.movers.map((m) => (
                <Mover key={m.category} change={m} />
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle as="h2">Categorias neste mês</CardTitle>
          <CardDescription>Até hoje, contra a média dos 3 meses anteriores.</CardDescription>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          {analysis.categories.length === 0 ? (
            <p className="text-muted-foreground text-sm">Nenhum lançamento nos últimos meses.</p>
          ) : (
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th className="py-2 font-medium">Categoria</th>
                  <th className="py-2 text-right font-medium">Este mês</th>
                  <th className="py-2 text-right font-medium">Média 3 meses</th>
                  <th className="py-2 text-right font-medium">Variação</th>
                  <th className="py-2 text-right font-medium">Previsto</th>
                </tr>
              </thead>
              <tbody>
                {analysis.categories.map((c) => (
                  <tr key={c.category} className="border-b last:border-0">
                    <td className="py-2">{CATEGORY_LABELS[c.category]}</td>
                    <td className="py-2 text-right tabular-nums">
                      {formatBRL(c.this_month_cents)}
                    </td>
                    <td className="py-2 text-right tabular-nums">
                      {formatBRL(c.average_3m_cents)}
                    </td>
                    <td className="py-2 text-right tabular-nums">
                      {c.change_pct === null
                        ? '—'
                        : `${c.change_pct > 0 ? '+' : ''}${c.change_pct}%`}
                    </td>
                    <td className="py-2 text-right tabular-nums">{formatBRL(c.projected_cents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
    </>
  )
}

function Figure({
  label,
  cents,
  strong = false,
}: {
  label: string
  cents: number
  strong?: boolean
}) {
  return (
    <Card data-testid="projection-figure">
      <CardContent className="pt-6">
        <p className="text-muted-foreground text-sm">{label}</p>
        <p className={cn('font-semibold text-xl tabular-nums', strong && 'text-2xl')}>
          {formatBRL(cents)}
        </p>
      </CardContent>
    </Card>
  )
}

function Mover({ change }: { change: CategoryChange }) {
  const delta = change.projected_cents - change.average_3m_cents
  const up = delta > 0
  // More income or less spending is good news.
  const good = change.type === 'income' ? up : !up
  const Icon = up ? TrendingUpIcon : TrendingDownIcon
  return (
    <li className="flex items-center justify-between gap-3">
      <span className="flex items-center gap-2">
        <Icon
          aria-hidden="true"
          className={cn('size-4', good ? 'text-emerald-600' : 'text-red-600')}
        />
        {CATEGORY_LABELS[change.category]}
      </span>
      <span className="tabular-nums">
        {formatBRL(change.projected_cents)} ({up ? '+' : '−'}
        {formatBRL(Math.abs(delta))})
      </span>
    </li>
  )
}
