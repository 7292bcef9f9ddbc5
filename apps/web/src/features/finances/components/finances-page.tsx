import type { Transaction } from '@equilibrai/shared'
import { BarChart3Icon, LandmarkIcon, PlusIcon, UploadIcon } from 'lucide-react'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { AppLink } from '@/components/app-link'
import { MonthPicker } from '@/components/month-picker'
import { Button, buttonVariants } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/confirm-dialog'
import type { Transfer } from '@equilibrai/shared'
import { useAccounts } from '@/lib/get-accounts'
import { toastError, toastSuccess } from '@/lib/notify'
import { currentMonth, isMonth } from '@/lib/month'
import { usePageTitle } from '@/lib/use-page-title'
import { useDeleteTransfer } from '../api/delete-transfer'
import { useTransactionTotals } from '../api/get-transaction-totals'
import { useTeamMembers } from '../api/get-team-members'
import { canRecord, useUsage } from '../api/get-usage'
import { defaultEntryDate } from '../utils/dates'
import { BillsSection } from './bills-section'
import { BudgetsSection } from './budgets-section'
import { CategoriesSection } from './categories-section'
import { CategoryChart } from './category-chart'
import { DeleteTransactionDialog } from './delete-transaction-dialog'
import { FilterBar } from './filter-bar'
import { type FinanceFilters, filtersToParams, hasFilters, readFilters } from '../utils/filters'
import { RecurringSection } from './recurring-section'
import { SummaryCards } from './summary-cards'
import { TransactionFormDialog } from './transaction-form-dialog'
import { TransactionList } from './transaction-list'
import { UsageBanner } from './usage-banner'
import { LoadFailed } from '@/components/load-failed'

type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; entry: Transaction }

/** /financas: the month's figures, spending per category and entries, for the signed-in user. */
export function FinancesPage() {
  usePageTitle('Minhas finanças')
  const [params, setParams] = useSearchParams()
  const requested = params.get('mes')
  const month = isMonth(requested) ? requested : currentMonth()
  const members = useTeamMembers().data ?? []
  const accounts = useAccounts().data ?? []
  // Read before the accounts and members load, so the narrowed list is the first one asked for.
  const filters = readFilters(params)
  const totals = useTransactionTotals(month, filters)
  const summary = totals.data ? { ...totals.data, month } : undefined
  const usage = useUsage()
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' })
  const [filterGeneration, setFilterGeneration] = useState(0)
  const [deleting, setDeleting] = useState<Transaction | null>(null)
  const [deletingTransfer, setDeletingTransfer] = useState<Transfer | null>(null)
  const removeTransfer = useDeleteTransfer()
  const allowed = canRecord(usage.data)

  function changeFilters(next: FinanceFilters, nextMonth = month) {
    setParams(filtersToParams(nextMonth === currentMonth() ? undefined : nextMonth, next), {
      replace: true,
    })
  }
  // Another month: its own days (the filters' "de"/"até" belonged to the month left).
  const changeMonth = (next: string) => {
    setFilterGeneration((g) => g + 1)
    changeFilters({ ...filters, de: undefined, ate: undefined }, next)
  }

  function confirmDeleteTransfer() {
    if (!deletingTransfer) return
    removeTransfer.mutate(deletingTransfer.id, {
      onSuccess: () => {
        toastSuccess('Transferência excluída.')
        setDeletingTransfer(null)
      },
      onError: (error) => toastError(error),
    })
  }

  return (
    <main id="conteudo" className="mx-auto w-full max-w-5xl space-y-5 px-4 py-6 sm:px-6 sm:py-8">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="space-y-1">
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Minhas finanças</h1>
        </div>
        <div className="flex flex-wrap gap-2">
          <AppLink to="/contas" className={buttonVariants({ variant: 'outline' })}>
            <LandmarkIcon aria-hidden="true" />
            Minhas contas
          </AppLink>
          <AppLink
            to={month === currentMonth() ? '/relatorios' : `/relatorios?mes=${month}`}
            className={buttonVariants({ variant: 'outline' })}
          >
            <BarChart3Icon aria-hidden="true" />
            Relatórios
          </AppLink>
          <AppLink to="/importar" className={buttonVariants({ variant: 'outline' })}>
            <UploadIcon aria-hidden="true" />
            Importar extrato
          </AppLink>
          <Button
            type="button"
            onClick={() => setEditing({ mode: 'new' })}
            disabled={!allowed}
            title={allowed ? undefined : 'Limite de lançamentos do plano atingido'}
          >
            <PlusIcon aria-hidden="true" />
            Novo lançamento
          </Button>
        </div>
      </header>

      <UsageBanner usage={usage.data} />
      <MonthPicker
        month={month}
        onChange={changeMonth}
        className="justify-between sm:justify-start"
      />
      <FilterBar
        key={filterGeneration}
        filters={filters}
        members={members}
        accounts={accounts}
        onChange={(next) => changeFilters(next)}
      />
      {totals.isError && <LoadFailed what="os totais" onRetry={() => void totals.refetch()} />}
      <SummaryCards
        summary={summary}
        label={hasFilters(filters) ? 'Totais dos lançamentos filtrados' : undefined}
      />

      <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[2fr_3fr] [&>*]:min-w-0">
        <CategoryChart summary={summary} />
        <TransactionList
          month={month}
          filters={filters}
          accounts={accounts}
          showAuthor={members.length > 0}
          onEdit={(entry) => setEditing({ mode: 'edit', entry })}
          onDelete={setDeleting}
          onDeleteTransfer={setDeletingTransfer}
        />
      </div>

      <BudgetsSection month={month} />
      <CategoriesSection />
      <div className="grid items-start gap-5 lg:grid-cols-2 [&>*]:min-w-0">
        <BillsSection />
        <RecurringSection />
      </div>

      <TransactionFormDialog
        open={editing.mode !== 'closed'}
        entry={editing.mode === 'edit' ? editing.entry : null}
        defaultDate={defaultEntryDate(month)}
        accounts={accounts}
        defaultAccountId={filters.conta}
        onClose={() => setEditing({ mode: 'closed' })}
      />
      <DeleteTransactionDialog entry={deleting} onClose={() => setDeleting(null)} />
      <ConfirmDialog
        open={deletingTransfer !== null}
        title="Excluir transferência?"
        description="Os saldos das duas contas voltam a ser como antes dela. Esta ação não pode ser desfeita."
        confirmLabel="Excluir"
        pendingLabel="Excluindo..."
        isPending={removeTransfer.isPending}
        onConfirm={confirmDeleteTransfer}
        onClose={() => setDeletingTransfer(null)}
      />
    </main>
  )
}
