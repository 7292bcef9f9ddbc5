import { formatBRL, type MonthlyReport } from '@equilibrai/shared'
import { BarSeriesChart, CHART_COLORS, ChartFrame } from '@/components/charts'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { DataTable } from './data-table'

const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`

/** Income and expenses day by day: the chart, and every day with money in a table. */
export function DailySection({ report }: { report: MonthlyReport }) {
  const data = report.daily.map((d) => ({
    label: String(Number(d.date.slice(8, 10))),
    income: d.income_cents,
    expense: d.expense_cents,
  }))
  const active = report.daily.filter((d) => d.income_cents > 0 || d.expense_cents > 0)
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">Dia a dia</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {active.length === 0 ? (
          <p className="text-muted-foreground text-sm">Nenhum lançamento neste mês.</p>
        ) : (
          <>
            <ChartFrame caption="Receitas e despesas de cada dia do mês. Os valores estão na tabela abaixo.">
              <BarSeriesChart
                data={data}
                series={[
                  { key: 'income', label: 'Receitas', color: CHART_COLORS.income },
                  { key: 'expense', label: 'Despesas', color: CHART_COLORS.expense },
                ]}
              />
            </ChartFrame>
            <details className="group">
              <summary className="cursor-pointer font-medium text-sm">
                Ver os valores de cada dia ({active.length} com lançamentos)
              </summary>
              <div className="mt-2">
                <DataTable
                  caption="Receitas e despesas por dia"
                  testId="daily-table"
                  head={[
                    { label: 'Dia' },
                    { label: 'Receitas', numeric: true },
                    { label: 'Despesas', numeric: true },
                  ]}
                  rows={active.map((d) => ({
                    key: d.date,
                    cells: [
                      dayMonth(d.date),
                      formatBRL(d.income_cents),
                      formatBRL(d.expense_cents),
                    ],
                  }))}
                />
              </div>
            </details>
          </>
        )}
      </CardContent>
    </Card>
  )
}
