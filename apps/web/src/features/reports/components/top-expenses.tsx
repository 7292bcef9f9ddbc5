import { CATEGORY_LABELS, formatBRL, type MonthlyReport } from '@equilibrai/shared'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { DataTable } from './data-table'

const ddmmyyyy = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`

/** The month's largest expenses. */
export function TopExpenses({ report }: { report: MonthlyReport }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">Maiores gastos</CardTitle>
      </CardHeader>
      <CardContent>
        {report.top_expenses.length === 0 ? (
          <p className="text-muted-foreground text-sm">Nenhum gasto neste mês.</p>
        ) : (
          <DataTable
            caption="Maiores gastos do mês"
            testId="top-expenses"
            head={[
              { label: 'Data' },
              { label: 'Descrição' },
              { label: 'Categoria' },
              { label: 'Valor', numeric: true },
            ]}
            rows={report.top_expenses.map((t) => ({
              key: String(t.id),
              cells: [
                ddmmyyyy(t.occurred_on),
                t.description,
                CATEGORY_LABELS[t.category],
                formatBRL(t.amount_cents),
              ],
            }))}
          />
        )}
      </CardContent>
    </Card>
  )
}
