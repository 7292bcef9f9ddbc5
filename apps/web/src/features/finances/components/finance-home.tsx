import { CATEGORY_LABELS, formatBRL, saoPauloDate } from '@equilibrai/shared'
import { ArrowRightIcon } from 'lucide-react'
import { AppLink } from '@/components/app-link'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { formatIsoDate } from '@/lib/iso-date'
import { currentMonth } from '@/lib/month'
import { useBills } from '../api/get-bills'
import { notInPlan, useBudgets } from '../api/get-budgets'
import { useSummary } from '../api/get-summary'
import { useTransactions } from '../api/get-transactions'
import { SummaryCards } from './summary-cards'

/** Bills due within this many days count as "due soon". */
const DUE_SOON_DAYS = 7
/** A budget at or above this share of its limit is "near the limit". */
const NEAR_LIMIT_PERCENT = 80
const LAST_ENTRIES = 5

function addDays(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`)
  at.setUTCDate(at.getUTCDate() + days)
  return at.toISOString().slice(0, 10)
}

function MoreLink({ to, children }: { to: string; children: string }) {
  return (
    <AppLink
      to={to}
      className="inline-flex items-center gap-1 font-medium text-primary text-sm underline-offset-4 hover:underline"
    >
      {children}
      <ArrowRightIcon aria-hidden="true" className="size-4" />
    </AppLink>
  )
}

/**
 * The dashboard's money (issue 26): this month's income, spending and balance, the bills due
 * soon, the budgets near their limit and the last entries, each with the way to the page that
 * holds the rest.
 */
export function FinanceHome() {
  const month = currentMonth()
  const today = saoPauloDate(new Date())
  const summary = useSummary(month)
  const bills = useBills()
  const budgets = useBudgets(month)
  const entries = useTransactions(month)

  const dueSoon = (bills.data?.data ?? []).filter(
    (bill) => bill.paid_on === null && bill.due_on <= addDays(today, DUE_SOON_DAYS),
  )
  const nearLimit = notInPlan(budgets.error)
    ? []
    : (budgets.data?.data ?? []).filter((budget) => budget.percent >= NEAR_LIMIT_PERCENT)
  const last = (entries.data?.pages[0]?.data ?? []).slice(0, LAST_ENTRIES)

  return (
    <section aria-labelledby="financas-do-mes" className="space-y-3" data-testid="finance-home">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="financas-do-mes" className="font-semibold text-lg tracking-tight">
          Seu mês
        </h2>
        <MoreLink to="/financas">Ver lançamentos</MoreLink>
      </div>
      <SummaryCards summary={summary.data} />
      <div className="grid gap-4 md:grid-cols-3">
        <Card className="gap-3" data-testid="home-bills">
          <CardHeader>
            <CardTitle className="text-base">Contas a vencer</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            {bills.isPending ? (
              <p className="text-muted-foreground">Carregando...</p>
            ) : dueSoon.length === 0 ? (
              <p className="text-muted-foreground">Nenhuma conta vence nos próximos 7 dias.</p>
            ) : (
              <ul className="space-y-2">
                {dueSoon.map((bill) => (
                  <li key={bill.id} className="flex items-start justify-between gap-3">
                    <span className="min-w-0 break-words">
                      {bill.description}
                      <span className="block text-muted-foreground text-xs">
                        {bill.due_on < today ? 'venceu em' : 'vence em'}{' '}
                        {formatIsoDate(bill.due_on)}
                      </span>
                    </span>
                    {bill.amount_cents !== null && (
                      <span className="shrink-0 whitespace-nowrap tabular-nums">
                        {formatBRL(bill.amount_cents)}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <MoreLink to="/financas">Todas as contas</MoreLink>
          </CardContent>
        </Card>
        <Card className="gap-3" data-testid="home-budgets">
          <CardHeader>
            <CardTitle className="text-base">Orçamentos perto do limite</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            {nearLimit.length === 0 ? (
              <p className="text-muted-foreground">
                {notInPlan(budgets.error)
                  ? 'Orçamentos por categoria fazem parte dos planos pagos.'
                  : 'Nenhum orçamento passou de 80% do limite.'}
              </p>
            ) : (
              <ul className="space-y-2">
                {nearLimit.map((budget) => (
                  <li key={budget.category} className="flex items-start justify-between gap-3">
                    <span className="min-w-0 break-words">
                      {CATEGORY_LABELS[budget.category]}
                      <span className="block text-muted-foreground text-xs tabular-nums">
                        {formatBRL(budget.spent_cents)} de {formatBRL(budget.limit_cents)}
                      </span>
                    </span>
                    <span className="shrink-0 font-medium tabular-nums">{budget.percent}%</span>
                  </li>
                ))}
              </ul>
            )}
            <MoreLink to="/financas">Ver orçamentos</MoreLink>
          </CardContent>
        </Card>
        <Card className="gap-3" data-testid="home-last-entries">
          <CardHeader>
            <CardTitle className="text-base">Últimos lançamentos</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            {entries.isPending ? (
              <p className="text-muted-foreground">Carregando...</p>
            ) : last.length === 0 ? (
              <p className="text-muted-foreground">
                Nenhum lançamento este mês. Mande “gastei 20 no mercado” no WhatsApp.
              </p>
            ) : (
              <ul className="space-y-2">
                {last.map((entry) => (
                  <li key={entry.id} className="flex items-start justify-between gap-3">
                    <span className="min-w-0 break-words">
                      {entry.description}
                      <span className="block text-muted-foreground text-xs">
                        {formatIsoDate(entry.occurred_on)}
                      </span>
                    </span>
                    <span
                      className={
                        entry.type === 'income'
                          ? 'shrink-0 whitespace-nowrap text-emerald-700 tabular-nums dark:text-emerald-400'
                          : 'shrink-0 whitespace-nowrap tabular-nums'
                      }
                    >
                      {entry.type === 'income' ? '+' : '−'}
                      {formatBRL(entry.amount_cents)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </section>
  )
}
