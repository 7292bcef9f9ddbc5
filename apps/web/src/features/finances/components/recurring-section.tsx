import { MoneyField } from '@/components/money-field'
import {
  CATEGORY_LABELS,
  EXPENSE_CATEGORIES,
  type EntryType,
  FALLBACK_CATEGORY,
  INCOME_CATEGORIES,
  type RecurringInput,
  categoryType,
  formatBRL,
  recurringInputSchema,
} from '@equilibrai/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { PlusIcon, Trash2Icon } from 'lucide-react'
import { useId, useState } from 'react'
import { Controller, type FieldErrors, useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { toastError, toastSuccess } from '@/lib/notify'
import { useCreateRecurring } from '../api/create-recurring'
import { useDeleteRecurring } from '../api/delete-recurring'
import { useRecurring } from '../api/get-recurring'
import { formatIsoDate } from '@/lib/iso-date'

const SELECT =
  'flex h-11 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40 md:text-sm'

/** 'Lançamentos recorrentes': recorded by themselves on their day of every month (every plan). */
export function RecurringSection() {
  const query = useRecurring()
  const remove = useDeleteRecurring()
  const [adding, setAdding] = useState(false)
  const list = query.data?.data ?? []

  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-3 pb-3">
        <CardTitle as="h2">Lançamentos recorrentes</CardTitle>
        <Button type="button" size="sm" variant="outline" onClick={() => setAdding(true)}>
          <PlusIcon aria-hidden="true" />
          Novo recorrente
        </Button>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-12 w-full" />
        ) : query.isError ? (
          <p className="text-muted-foreground text-sm">Não foi possível carregar os recorrentes.</p>
        ) : list.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            Salário, aluguel, academia: cadastre uma vez e eles entram sozinhos todo mês. Pelo
            WhatsApp: “salário 4.500 todo dia 5”.
          </p>
        ) : (
          <ul
            className="divide-y"
            aria-label="Lançamentos recorrentes"
            data-testid="recurring-list"
          >
            {list.map((r) => (
              <li key={r.id} className="flex items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{r.description}</p>
                  <p className="text-muted-foreground text-sm">
                    Todo dia {r.day_of_month} · próximo em {formatIsoDate(r.next_on)}
                  </p>
                  {r.last_refused_on && (
                    <p className="text-destructive text-sm" role="status">
                      Não registrado em {formatIsoDate(r.last_refused_on)}: limite do plano
                      atingido.
                    </p>
                  )}
                </div>
                <span className="tabular-nums">
                  {r.type === 'income' ? '+' : '-'}
                  {formatBRL(r.amount_cents)}
                </span>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  aria-label={`Cancelar ${r.description}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(r.id, {
                      onSuccess: () => toastSuccess('Lançamento recorrente cancelado.'),
                    })
                  }
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <Dialog open={adding} onOpenChange={setAdding}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Novo lançamento recorrente</DialogTitle>
            <DialogDescription>
              Registrado sozinho no dia escolhido de cada mês (dia 31 vira o último dia nos meses
              mais curtos). Conta no limite de lançamentos do plano.
            </DialogDescription>
          </DialogHeader>
          {adding && <RecurringForm onDone={() => setAdding(false)} />}
        </DialogContent>
      </Dialog>
    </Card>
  )
}

function RecurringForm({ onDone }: { onDone: () => void }) {
  const id = useId()
  const create = useCreateRecurring()
  const form = useForm<RecurringInput>({
    resolver: zodResolver(recurringInputSchema),
    defaultValues: {
      type: 'income',
      amount_cents: 0,
      description: '',
      category: 'salario',
      day_of_month: 5,
    },
  })
  const type = form.watch('type')
  const categories = Object.keys(type === 'income' ? INCOME_CATEGORIES : EXPENSE_CATEGORIES)

  function onInvalid(errors: FieldErrors<RecurringInput>) {
    const order = ['type', 'amount_cents', 'description', 'category', 'day_of_month'] as const
    toastError(undefined, order.map((f) => errors[f]?.message).find(Boolean) ?? 'Dados inválidos')
  }

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit(
        (values) =>
          create.mutate(values, {
            onSuccess: () => {
              toastSuccess('Lançamento recorrente criado.')
              onDone()
            },
          }),
        onInvalid,
      )}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={`${id}-type`}>Tipo</Label>
          <select
            id={`${id}-type`}
            className={SELECT}
            value={type}
            onChange={(e) => {
              const next = e.target.value as EntryType
              form.setValue('type', next)
              if (categoryType(form.getValues('category')) !== next) {
                form.setValue('category', FALLBACK_CATEGORY[next])
              }
            }}
          >
            <option value="income">Receita</option>
            <option value="expense">Despesa</option>
          </select>
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-amount`}>Valor</Label>
          <Controller
            control={form.control}
            name="amount_cents"
            render={({ field }) => (
              <MoneyField
                id={`${id}-amount`}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
        </div>
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-description`}>Descrição</Label>
        <Input
          id={`${id}-description`}
          placeholder="Ex.: salário"
          maxLength={200}
          autoComplete="off"
          {...form.register('description')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={`${id}-category`}>Categoria</Label>
          <select id={`${id}-category`} className={SELECT} {...form.register('category')}>
            {categories.map((slug) => (
              <option key={slug} value={slug}>
                {CATEGORY_LABELS[slug as keyof typeof CATEGORY_LABELS]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-day`}>Dia do mês</Label>
          <Input
            id={`${id}-day`}
            type="number"
            min={1}
            max={31}
            {...form.register('day_of_month', { valueAsNumber: true })}
          />
        </div>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Salvando...' : 'Salvar'}
        </Button>
      </DialogFooter>
    </form>
  )
}
