import { saoPauloDate, type TransferInput, transferInputSchema } from '@equilibrai/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { AccountSelect } from '@/components/account-select'
import { FormError } from '@/components/form-error'
import { MoneyField } from '@/components/money-field'
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
import { toastFirstError } from '@/lib/form'
import { toastSuccess } from '@/lib/notify'
import { useCreateTransfer } from '../api/create-transfer'

/** Money from one account to another (to savings, an investment, cash): not income or expense. */
export function TransferFormDialog({
  open,
  accounts,
  onClose,
}: {
  open: boolean
  /** The accounts in use (not archived). */
  accounts: Account[]
  onClose: () => void
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Nova transferência</DialogTitle>
          <DialogDescription>
            Dinheiro que muda de conta não é receita nem despesa: só os saldos mudam.
          </DialogDescription>
        </DialogHeader>
        {open && <TransferForm accounts={accounts} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  )
}

const accountId = { setValueAs: (value: unknown) => Number(value) }

function TransferForm({ accounts, onDone }: { accounts: Account[]; onDone: () => void }) {
  const id = useId()
  const create = useCreateTransfer()
  const from = accounts.find((a) => a.is_default) ?? accounts[0]
  const to = accounts.find((a) => a.id !== from?.id)
  const form = useForm<TransferInput>({
    resolver: zodResolver(transferInputSchema),
    defaultValues: {
      from_account_id: from?.id,
      to_account_id: to?.id,
      amount_cents: 0,
      occurred_on: saoPauloDate(new Date()),
      description: undefined,
    },
  })
  const errors = form.formState.errors

  function onValid(values: TransferInput) {
    create.mutate(values, {
      onSuccess: () => {
        toastSuccess('Transferência registrada.')
        onDone()
      },
    })
  }

  if (accounts.length < 2) {
    return (
      <p className="text-muted-foreground text-sm">
        Para transferir, crie antes uma segunda conta (a poupança, a carteira, um investimento).
      </p>
    )
  }

  return (
    <form
      onSubmit={form.handleSubmit(onValid, toastFirstError)}
      noValidate
      className="space-y-4"
      aria-busy={create.isPending}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={`${id}-from`}>De</Label>
          <AccountSelect
            id={`${id}-from`}
            accounts={accounts}
            {...form.register('from_account_id', accountId)}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-to`}>Para</Label>
          <AccountSelect
            id={`${id}-to`}
            accounts={accounts}
            aria-invalid={errors.to_account_id ? true : undefined}
            {...form.register('to_account_id', accountId)}
          />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={`${id}-amount`}>Valor</Label>
          <Controller
            control={form.control}
            name="amount_cents"
            render={({ field, fieldState }) => (
              <MoneyField
                id={`${id}-amount`}
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
          <Label htmlFor={`${id}-date`}>Data</Label>
          <Input
            id={`${id}-date`}
            type="date"
            aria-invalid={errors.occurred_on ? true : undefined}
            {...form.register('occurred_on')}
          />
        </div>
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-description`}>Descrição (opcional)</Label>
        <Input
          id={`${id}-description`}
          placeholder="Transferência"
          maxLength={200}
          autoComplete="off"
          {...form.register('description', {
            setValueAs: (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined),
          })}
        />
      </div>
      <FormError error={create.error} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Salvando...' : 'Transferir'}
        </Button>
      </DialogFooter>
    </form>
  )
}
