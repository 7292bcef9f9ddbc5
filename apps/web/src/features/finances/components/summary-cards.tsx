import { formatBRL, type MonthSummary } from '@equilibrai/shared'
import { ArrowDownCircleIcon, ArrowUpCircleIcon, WalletIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'

function Figure({
  label,
  icon,
  value,
  tone,
}: {
  label: string
  icon: ReactNode
  value: number | undefined
  tone: 'income' | 'expense' | 'balance'
}) {
  const negative = value !== undefined && value < 0
  return (
    <Card className="gap-2 p-4 sm:p-5">
      <p className="flex items-center gap-2 text-muted-foreground text-sm">
        {icon}
        {label}
      </p>
      {value === undefined ? (
        <Skeleton className="h-8 w-32" />
      ) : (
        <p
          className={cn(
            'font-bold text-2xl tabular-nums tracking-tight',
            tone === 'income' && 'text-emerald-700 dark:text-emerald-400',
            tone === 'expense' && 'text-red-700 dark:text-red-400',
            tone === 'balance' && negative && 'text-red-700 dark:text-red-400',
          )}
          data-testid={`summary-${tone}`}
        >
          {formatBRL(value)}
        </p>
      )}
    </Card>
  )
}

/** Receitas, despesas and saldo of the month (or of the entries the filters select). */
export function SummaryCards({
  summary,
  label = 'Resumo do mês',
}: {
  summary: MonthSummary | undefined
  label?: string
}) {
  return (
    <section aria-label={label} className="grid gap-3 sm:grid-cols-3">
      <Figure
        label="Receitas"
        tone="income"
        value={summary?.income_cents}
        icon={<ArrowUpCircleIcon aria-hidden="true" className="size-4 text-emerald-600" />}
      />
      <Figure
        label="Despesas"
        tone="expense"
        value={summary?.expense_cents}
        icon={<ArrowDownCircleIcon aria-hidden="true" className="size-4 text-red-600" />}
      />
      <Figure
        label="Saldo"
        tone="balance"
        value={summary?.balance_cents}
        icon={<WalletIcon aria-hidden="true" className="size-4" />}
      />
    </section>
  )
}
