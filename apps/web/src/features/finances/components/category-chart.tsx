import { CATEGORY_LABELS, formatBRL, type MonthSummary } from '@equilibrai/shared'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 0 })

/**
 * Spending per category as horizontal bars: plain elements, no chart library. Each bar is a
 * list item whose text says the category, the amount and its share, so screen readers get
 * the same figures the bars draw.
 */
export function CategoryChart({ summary }: { summary: MonthSummary | undefined }) {
  const expenses = (summary?.by_category ?? [])
    .filter((c) => c.type === 'expense')
    .sort((a, b) => b.total_cents - a.total_cents)
  const largest = expenses[0]?.total_cents ?? 0
  const total = summary?.expense_cents ?? 0

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">Gastos por categoria</CardTitle>
      </CardHeader>
      <CardContent>
        {!summary ? (
          <div className="space-y-3">
            <Skeleton className="h-6 w-full" />
            <Skeleton className="h-6 w-3/4" />
            <Skeleton className="h-6 w-1/2" />
          </div>
        ) : expenses.length === 0 ? (
          <p className="text-muted-foreground text-sm">Nenhum gasto neste mês.</p>
        ) : (
          <ul className="space-y-3" data-testid="category-chart">
            {expenses.map((c) => {
              const width = largest > 0 ? Math.max(2, (c.total_cents / largest) * 100) : 0
              return (
                <li key={c.category} className="space-y-1">
                  <div className="flex items-baseline justify-between gap-2 text-sm">
                    <span className="truncate font-medium">{CATEGORY_LABELS[c.category]}</span>
                    <span className="shrink-0 text-muted-foreground tabular-nums">
                      {formatBRL(c.total_cents)}
                      {total > 0 && (
                        <span className="ml-2 text-xs">
                          {percent.format(c.total_cents / total).replace(/\s+%/, '%')}
                        </span>
                      )}
                    </span>
                  </div>
                  <div
                    className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
                    aria-hidden="true"
                  >
                    <div
                      className="h-full rounded-full bg-primary"
                      style={{ width: `${width}%` }}
                    />
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
