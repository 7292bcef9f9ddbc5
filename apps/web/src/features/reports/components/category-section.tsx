import { addMonths, CATEGORY_LABELS, formatBRL, type MonthlyReport } from '@equilibrai/shared'
import { BarSeriesChart, CHART_COLORS, ChartFrame } from '@/components/charts'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { monthShortName } from '@/lib/month'
import { changePercent, share } from '../utils/report-format'
import { DataTable } from './data-table'

/** How many expense categories the chart draws (the table lists them all). */
const CHART_CATEGORIES = 8

/** Spending per category this month and last, as a chart and as a table. */
export function CategorySection({ report }: { report: MonthlyReport }) {
  const previousName = monthShortName(addMonths(report.month, -1))
  const expenses = report.by_category.filter((c) => c.type === 'expense')
  const chartData = expenses.slice(0, CHART_CATEGORIES).map((c) => ({
    label: CATEGORY_LABELS[c.category],
    current: c.total_cents,
    previous: c.previous_cents,
  }))
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">Por categoria</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {report.by_category.length === 0 ? (
          <p className="text-muted-foreground text-sm">Nenhum lançamento neste mês.</p>
        ) : (
          <>
            {expenses.length > 0 && (
              <ChartFrame
                caption={`Gastos por categoria neste mês e em ${previousName}. Os valores estão na tabela abaixo.`}
              >
                <BarSeriesChart
                  data={chartData}
                  orientation="horizontal"
                  height={Math.max(160, chartData.length * 44)}
                  series={[
                    { key: 'current', label: 'Este mês', color: CHART_COLORS.expense },
                    { key: 'previous', label: `Em ${previousName}`, color: CHART_COLORS.neutral },
                  ]}
                />
              </ChartFrame>
            )}
            <DataTable
              caption="Totais por categoria"
              testId="category-table"
              head={[
                { label: 'Categoria' },
                { label: 'Tipo' },
                { label: 'Lançamentos', numeric: true },
                { label: 'Total', numeric: true },
                { label: 'Participação', numeric: true },
                { label: `Em ${previousName}`, numeric: true },
                { label: 'Variação', numeric: true },
              ]}
              rows={report.by_category.map((c) => ({
                key: `${c.type}:${c.category}`,
                cells: [
                  CATEGORY_LABELS[c.category],
                  c.type === 'income' ? 'Receita' : 'Despesa',
                  c.count,
                  formatBRL(c.total_cents),
                  share(
                    c.total_cents,
                    c.type === 'income' ? report.income_cents : report.expense_cents,
                  ),
                  formatBRL(c.previous_cents),
                  changePercent(c.total_cents, c.previous_cents) ?? '—',
                ],
              }))}
            />
          </>
        )}
      </CardContent>
    </Card>
  )
}
