import { MoneyField } from '@/components/money-field'
import {
  type Bill,
  type BillInput,
  CATEGORY_LABELS,
  EXPENSE_CATEGORY_LIST,
  billInputSchema,
} from '@equilibrai/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { Controller, type FieldErrors, useForm } from 'react-hook-form'
import type { z } from 'zod'
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
import { toastError, toastSuccess } from '@/lib/notify'
import { useCreateBill } from '../api/create-bill'
import { useUpdateBill } from '../api/update-bill'

type Output = z.output<typeof billInputSchema>

const SELECT =
  'flex h-11 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40 md:text-sm'

/** New bill (bill null) or edit one. */
export function BillFormDialog({
  open,
  bill,
  defaultDate,
  onClose,
}: {
  open: boolean
  bill: Bill | null
  defaultDate: string
  onClose: () => void
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{bill ? 'Editar conta' : 'Nova conta'}</DialogTitle>
          <DialogDescription>
            Eu lembro no WhatsApp na véspera e no dia do vencimento, às 9h. Pelo WhatsApp: “conta de
            luz 180 vence dia 10” ou “internet 99,90 todo dia 15”.
          </DialogDescription>
        </DialogHeader>
        {open && <BillForm bill={bill} defaultDate={defaultDate} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  )
}

function BillForm({
  bill,
  defaultDate,
  onDone,
}: {
  bill: Bill | null
  defaultDate: string
  onDone: () => void
}) {
  const id = useId()
  const create = useCreateBill()
  const update = useUpdateBill()
  const busy = create.isPending || update.isPending
  const form = useForm<BillInput, unknown, Output>({
    resolver: zodResolver(billInputSchema),
    defaultValues: bill
      ? {
          description: bill.description,
          amount_cents: bill.amount_cents,
          category: bill.category,
          due_on: bill.due_on,
          recurrence: bill.recurrence,
        }
      : {
          description: '',
          amount_cents: null,
          category: 'contas_casa',
          due_on: defaultDate,
          recurrence: 'none',
        },
  })

  function onValid(values: Output) {
    const { paid_on: _, ...fields } = values
    const done = {
      onSuccess: () => {
        toastSuccess('Conta salva.')
        onDone()
      },
    }
    if (bill) update.mutate({ id: bill.id, patch: fields }, done)
    else create.mutate(values, done)
  }

  function onInvalid(errors: FieldErrors<BillInput>) {
    const order = ['description', 'amount_cents', 'category', 'due_on', 'recurrence'] as const
    toastError(undefined, order.map((f) => errors[f]?.message).find(Boolean) ?? 'Dados inválidos')
  }

  return (
    <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor={`${id}-description`}>Descrição</Label>
        <Input
          id={`${id}-description`}
          placeholder="Ex.: conta de luz"
          maxLength={200}
          autoComplete="off"
          {...form.register('description')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={`${id}-amount`}>Valor (opcional)</Label>
          <Controller
            control={form.control}
            name="amount_cents"
            render={({ field }) => (
              <MoneyField
                id={`${id}-amount`}
                value={field.value}
                onChange={(cents) => field.onChange(cents > 0 ? cents : null)}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-due`}>Vencimento</Label>
          <Input id={`${id}-due`} type="date" {...form.register('due_on')} />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={`${id}-category`}>Categoria</Label>
          <Controller
            control={form.control}
            name="category"
            render={({ field }) => (
              <select
                id={`${id}-category`}
                className={SELECT}
                value={field.value ?? ''}
                onChange={(e) => field.onChange(e.target.value || null)}
              >
                <option value="">Sem categoria</option>
                {EXPENSE_CATEGORY_LIST.map((slug) => (
                  <option key={slug} value={slug}>
                    {CATEGORY_LABELS[slug]}
                  </option>
                ))}
              </select>
            )}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-recurrence`}>Repetição</Label>
          <select id={`${id}-recurrence`} className={SELECT} {...form.register('recurrence')}>
            <option value="none">Só esta vez</option>
            <option value="monthly">Todo mês</option>
          </select>
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
