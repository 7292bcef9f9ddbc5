import { MoneyField } from '@/components/money-field'
import {
  type BudgetRow,
  budgetCategorySchema,
  budgetInputSchema,
  CATEGORY_LABELS,
  EXPENSE_CATEGORY_LIST,
  formatBRL,
  formatDatePtBR,
} from '@equilibrai/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { BellIcon, Trash2Icon } from 'lucide-react'
import { useId } from 'react'
import { Controller, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { AppLink } from '@/components/app-link'
import { Button, buttonVariants } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'
import { toastFirstError } from '@/lib/form'
import { toastSuccess } from '@/lib/notify'
import { useDeleteBudget } from '../api/delete-budget'
import { useAlerts } from '../api/get-alerts'
import { notInPlan, useBudgets } from '../api/get-budgets'
import { usePutBudget } from '../api/put-budget'
import { currentMonth } from '@/lib/month'

/**
 * 'Orçamentos' (alertas_orçamento): each category's month against its limit, a form to set one,
 * and the alerts sent. Plans without the feature see what it is and where to get it.
 */
export function BudgetsSection({ month }: { month: string }) {
  const budgets = useBudgets(month)
  const locked = notInPlan(budgets.error)

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">Orçamentos</CardTitle>
        <CardDescription>
          Aviso no WhatsApp quando uma categoria passa de 80% e de 100% do limite do mês.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {locked ? (
          <div className="space-y-3">
            <p className="text-muted-foreground text-sm">{locked.message}</p>
            <AppLink to="/dashboard#planos" className={buttonVariants({ size: 'sm' })}>
              Ver planos
            </AppLink>
          </div>
        ) : budgets.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : budgets.isError ? (
          <p className="text-muted-foreground text-sm">Não foi possível carregar os orçamentos.</p>
        ) : (
          <>
            {budgets.data.data.length === 0 ? (
              <p className="text-muted-foreground text-sm">
                Nenhum orçamento neste mês. Pelo WhatsApp: “orçamento mercado 800”.
              </p>
            ) : (
              <ul className="space-y-4" aria-label="Orçamentos do mês">
                {budgets.data.data.map((b) => (
                  <BudgetProgress key={b.category} budget={b} editable={month === currentMonth()} />
                ))}
              </ul>
            )}
            {month === currentMonth() && <BudgetForm />}
            <AlertList />
          </>
        )}
      </CardContent>
    </Card>
  )
}

function BudgetProgress({ budget, editable }: { budget: BudgetRow; editable: boolean }) {
  const remove = useDeleteBudget()
  const label = CATEGORY_LABELS[budget.category]
  const tone =
    budget.percent >= 100 ? 'bg-destructive' : budget.percent >= 80 ? 'bg-amber-500' : 'bg-primary'
  return (
    <li className="space-y-1.5">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="flex items-center gap-1 text-muted-foreground tabular-nums">
          {formatBRL(budget.spent_cents)} de {formatBRL(budget.limit_cents)} ({budget.percent}%)
          {editable && (
            <Button
              type="button"
              size="icon"
              variant="ghost"
              className="size-8"
              aria-label={`Remover orçamento de ${label}`}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(budget.category, {
                  onSuccess: () => toastSuccess('Orçamento removido.'),
                })
              }
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          )}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`Orçamento de ${label}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, budget.percent)}
        className="h-2.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full', tone)}
          style={{ width: `${Math.min(100, budget.percent)}%` }}
        />
      </div>
    </li>
  )
}

/** The form's fields: the category (the URL's `:category` in the PUT) and the shared body. */
const budgetFormSchema = budgetInputSchema.extend({ category: budgetCategorySchema })
type BudgetFormValues = z.infer<typeof budgetFormSchema>

function BudgetForm() {
  const id = useId()
  const put = usePutBudget()
  const form = useForm<BudgetFormValues>({
    resolver: zodResolver(budgetFormSchema),
    defaultValues: { category: 'mercado', limit_cents: 0 },
  })

  function onValid({ category, limit_cents }: BudgetFormValues) {
    put.mutate(
      { category, limit_cents },
      {
        onSuccess: () => {
          toastSuccess('Orçamento salvo.')
          form.resetField('limit_cents')
        },
      },
    )
  }

  return (
    <form
      onSubmit={form.handleSubmit(onValid, toastFirstError)}
      className="flex flex-wrap items-end gap-3"
      noValidate
    >
      <div className="space-y-2">
        <Label htmlFor={`${id}-category`}>Categoria</Label>
        <select
          id={`${id}-category`}
          className="flex h-11 rounded-md border border-input bg-background px-3 text-base md:text-sm"
          {...form.register('category')}
        >
          {EXPENSE_CATEGORY_LIST.map((slug) => (
            <option key={slug} value={slug}>
              {CATEGORY_LABELS[slug]}
            </option>
          ))}
        </select>
      </div>
      <Controller
        control={form.control}
        name="limit_cents"
        render={({ field, fieldState }) => (
          <div className="space-y-2">
            <Label htmlFor={`${id}-limit`}>Limite por mês</Label>
            <MoneyField
              id={`${id}-limit`}
              className="w-44"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              invalid={fieldState.invalid}
            />
          </div>
        )}
      />
      <Button type="submit" disabled={put.isPending}>
        {put.isPending ? 'Salvando...' : 'Definir orçamento'}
      </Button>
    </form>
  )
}

/** The alerts sent (budget, high spending, bill reminders), newest first. */
function AlertList() {
  const alerts = useAlerts()
  const items = alerts.data?.data ?? []
  if (alerts.isPending || items.length === 0) return null
  return (
    <section aria-labelledby="alertas-titulo" className="space-y-2">
      <h3 id="alertas-titulo" className="flex items-center gap-2 font-medium text-sm">
        <BellIcon aria-hidden="true" className="size-4" />
        Alertas enviados
      </h3>
      <ul className="space-y-2 text-sm" data-testid="alert-list">
        {items.slice(0, 10).map((a) => (
          <li key={a.id} className="rounded-md border bg-muted/40 px-3 py-2">
            <p>{a.text.replace(/\*/g, '')}</p>
            <p className="text-muted-foreground text-xs">{formatDatePtBR(a.created_at)}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
