import { MoneyField } from '@/components/money-field'
import {
  CATEGORY_LABELS,
  type Category,
  customCategoryLabel,
  EXPENSE_CATEGORIES,
  type EntryType,
  FALLBACK_CATEGORY,
  INCOME_CATEGORIES,
  type Transaction,
  type TransactionInput,
  categoryType,
  transactionInputSchema,
} from '@equilibrai/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { AccountSelect } from '@/components/account-select'
import { Button } from '@/components/ui/button'
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
import type { Account } from '@equilibrai/shared'
import { cn } from '@/lib/cn'
import { toastFirstError } from '@/lib/form'
import { toastError, toastSuccess } from '@/lib/notify'
import { useCreateTransaction } from '../api/create-transaction'
import { useCustomCategories } from '../api/get-categories'
import { useUpdateTransaction } from '../api/update-transaction'

const CATEGORIES_BY_TYPE: Record<EntryType, string[]> = {
  expense: Object.keys(EXPENSE_CATEGORIES),
  income: Object.keys(INCOME_CATEGORIES),
}

const TYPES: { value: EntryType; label: string }[] = [
  { value: 'expense', label: 'Despesa' },
  { value: 'income', label: 'Receita' },
]

/** New entry (entry null) or edit an entry; closed when `open` is false. */
export function TransactionFormDialog({
  open,
  entry,
  defaultDate,
  accounts,
  defaultAccountId,
  onClose,
}: {
  open: boolean
  entry: Transaction | null
  defaultDate: string
  /** The ledger's accounts: a new entry goes on the default one unless another is picked. */
  accounts: Account[]
  /** The account the page is narrowed to, preselected instead of the default one. */
  defaultAccountId?: number
  onClose: () => void
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{entry ? 'Editar lançamento' : 'Novo lançamento'}</DialogTitle>
          <DialogDescription>
            {entry
              ? 'Altere o que precisar e salve.'
              : 'Registre uma despesa ou receita. Pelo WhatsApp é só mandar “mercado 45,90”.'}
          </DialogDescription>
        </DialogHeader>
        {open && (
          <TransactionForm
            entry={entry}
            defaultDate={defaultDate}
            accounts={accounts}
            defaultAccountId={defaultAccountId}
            onDone={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

function TransactionForm({
  entry,
  defaultDate,
  accounts,
  defaultAccountId,
  onDone,
}: {
  entry: Transaction | null
  defaultDate: string
  accounts: Account[]
  defaultAccountId?: number
  onDone: () => void
}) {
  const id = useId()
  // Archived accounts take no new entries; an entry already on one keeps showing it.
  const choices = accounts.filter((a) => !a.archived || a.id === entry?.account_id)
  const preselected =
    entry?.account_id ??
    choices.find((a) => a.id === defaultAccountId)?.id ??
    choices.find((a) => a.is_default)?.id
  const create = useCreateTransaction()
  const update = useUpdateTransaction()
  const busy = create.isPending || update.isPending
  const form = useForm<TransactionInput>({
    resolver: zodResolver(transactionInputSchema),
    defaultValues: entry
      ? {
          type: entry.type,
          amount_cents: entry.amount_cents,
          description: entry.description,
          category: entry.category,
          occurred_on: entry.occurred_on,
          account_id: entry.account_id,
          custom_category_id: entry.custom_category?.id ?? null,
        }
      : {
          type: 'expense',
          amount_cents: 0,
          description: '',
          category: FALLBACK_CATEGORY.expense,
          occurred_on: defaultDate,
          account_id: preselected,
          custom_category_id: null,
        },
  })
  const type = form.watch('type')
  const customId = form.watch('custom_category_id')
  const category = form.watch('category')
  // Categories of one's own (ADR 026) of this type, after the default ones.
  const custom = useCustomCategories().filter((c) => c.type === type)

  function setType(next: EntryType) {
    form.setValue('type', next)
    const category = form.getValues('category')
    if (categoryType(category) !== next) {
      form.setValue('category', FALLBACK_CATEGORY[next])
      form.setValue('custom_category_id', null)
    }
  }

  /** 'c<id>' picks one's own category (counted in its default one), a slug a default one. */
  function setCategory(value: string) {
    const own = custom.find((c) => `c${c.id}` === value)
    if (own) {
      form.setValue('category', own.category)
      form.setValue('custom_category_id', own.id)
    } else {
      form.setValue('category', value as Category)
      form.setValue('custom_category_id', null)
    }
  }

  function onValid(values: TransactionInput) {
    if (entry) {
      update.mutate(
        { id: entry.id, patch: values },
        {
          onSuccess: () => {
            toastSuccess('Lançamento atualizado.')
            onDone()
          },
        },
      )
      return
    }
    create.mutate(values, {
      onSuccess: () => {
        toastSuccess('Lançamento registrado.')
        onDone()
      },
      // The limit's message names it and the upgrade path; the page's banner links it.
      onError: (error) => toastError(error),
    })
  }

  return (
    <form
      onSubmit={form.handleSubmit(onValid, toastFirstError)}
      noValidate
      className="space-y-4"
      aria-busy={busy}
    >
      <fieldset className="space-y-2">
        <legend className="mb-2 font-medium text-sm">Tipo</legend>
        <div className="grid grid-cols-2 gap-2">
          {TYPES.map((t) => (
            <label
              key={t.value}
              className={cn(
                'flex h-11 cursor-pointer items-center justify-center rounded-md border font-medium text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                type === t.value
                  ? 'border-primary bg-secondary text-secondary-foreground'
                  : 'hover:bg-accent',
              )}
            >
              <input
                type="radio"
                name="type"
                value={t.value}
                checked={type === t.value}
                onChange={() => setType(t.value)}
                className="sr-only"
              />
              {t.label}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="space-y-2">
        <Label htmlFor={`${id}-amount`}>Valor</Label>
        <Controller
          control={form.control}
          name="amount_cents"
          render={({ field, fieldState }) => (
            <MoneyField
              id={`${id}-amount`}
              name="amount"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              invalid={fieldState.invalid}
            />
          )}
        />
      </div>

      <div className="space-y-2">
        <Label htmlFor={`${id}-description`}>Descrição</Label>
        <Input
          id={`${id}-description`}
          placeholder={type === 'income' ? 'Ex.: salário' : 'Ex.: mercado'}
          maxLength={200}
          autoComplete="off"
          aria-invalid={form.formState.errors.description ? true : undefined}
          {...form.register('description')}
        />
      </div>

      {choices.length > 1 && (
        <div className="space-y-2">
          <Label htmlFor={`${id}-account`}>Conta</Label>
          <AccountSelect
            id={`${id}-account`}
            accounts={choices}
            {...form.register('account_id', { setValueAs: (v: unknown) => Number(v) })}
          />
        </div>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={`${id}-category`}>Categoria</Label>
          <select
            id={`${id}-category`}
            className="flex h-11 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40 md:text-sm"
            value={customId ? `c${customId}` : category}
            onChange={(e) => setCategory(e.target.value)}
          >
            {CATEGORIES_BY_TYPE[type].map((slug) => (
              <option key={slug} value={slug}>
                {CATEGORY_LABELS[slug as keyof typeof CATEGORY_LABELS]}
              </option>
            ))}
            {custom.length > 0 && (
              <optgroup label="Minhas categorias">
                {custom.map((c) => (
                  <option key={c.id} value={`c${c.id}`}>
                    {customCategoryLabel(c)}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-date`}>Data</Label>
          <Input
            id={`${id}-date`}
            type="date"
            aria-invalid={form.formState.errors.occurred_on ? true : undefined}
            {...form.register('occurred_on')}
          />
        </div>
      </div>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Salvando...' : 'Salvar'}
        </Button>
      </DialogFooter>
    </form>
  )
}
