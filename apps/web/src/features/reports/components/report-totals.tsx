import { addMonths, formatBRL, type MonthlyReport } from '@equilibrai/shared'
import { Card } from '@/components/ui/card'
import { cn } from '@/lib/cn'
import { monthShortName } from '@/lib/month'
import { changePercent } from '../utils/report-format'

type Tone = 'income' | 'expense' | 'balance'

function Figure({
  label,
  tone,
  value,
  previous,
  previousName,
}: {
  label: string
  tone: Tone
  value: number
  previous: number
  previousName: string
}) {
  const diff = value - previous
  const pct = changePercent(value, previous)
  // More spending is bad news; more income or balance is good news.
  const good = tone === 'expense' ? diff < 0 : diff > 0
  return (
    <Card className="gap-1 p-4 sm:p-5">
      <p className="text-muted-foreground text-sm">{label}</p>
      <p
        className={cn(
          'font-bold text-2xl tabular-nums tracking-tight',
          tone === 'income' && 'text-emerald-700 dark:text-emerald-400',
          tone === 'expense' && 'text-red-700 dark:text-red-400',
          tone === 'balance' && value < 0 && 'text-red-700 dark:text-red-400',
        )}
        data-testid={`report-${tone}`}
      >
        {formatBRL(value)}
      </p>
      <p className="text-sm" data-testid={`report-${tone}-change`}>
        {diff === 0 ? (
          <span className="text-muted-foreground">Igual a {previousName}</span>
        ) : (
          <>
            <span
              className={cn(
                'font-medium tabular-nums',
                good ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400',
              )}
            >
              {diff > 0 ? '+' : '−'}
              {formatBRL(Math.abs(diff))}
              {pct ? ` (${pct})` : ''}
            </span>{' '}
            <span className="text-muted-foreground">em relação a {previousName}</span>
          </>
        )}
      </p>
    </Card>
  )
}

/** Receitas, despesas and saldo, each with the change from the month before. */
export function ReportTotals({ report }: { report: MonthlyReport }) {
  const previousName = monthShortName(addMonths(report.month, -1))
  return (
    <section aria-label="Totais do mês" className="grid gap-3 sm:grid-cols-3">
      <Figure
        label="Receitas"
        tone="income"
        value={report.income_cents}
        previous={report.previous.income_cents}
        previousName={previousName}
      />
      <Figure
        label="Despesas"
        tone="expense"
        value={report.expense_cents}
        previous={report.previous.expense_cents}
        previousName={previousName}
      />
      <Figure
        label="Saldo"
        tone="balance"
        value={report.balance_cents}
        previous={report.previous.balance_cents}
        previousName={previousName}
      />
    </section>
  )
}
