import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { Controller, useForm } from 'react-hook-form'
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
import { NativeSelect } from '@/components/ui/native-select'
import {
  ACCOUNT_KIND_LABELS,
  ACCOUNT_KINDS,
  type Account,
  type AccountCreate,
  accountCreateSchema,
} from '@equilibrai/shared'
import { toastFirstError, trimmed } from '@/lib/form'
import { toastSuccess } from '@/lib/notify'
import { useCreateAccount } from '../api/create-account'
import { useUpdateAccount } from '../api/update-account'

/** New account (account null) or edit one; closed when `open` is false. */
export function AccountFormDialog({
  open,
  account,
  onClose,
}: {
  open: boolean
  account: Account | null
  onClose: () => void
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{account ? 'Editar conta' : 'Nova conta'}</DialogTitle>
          <DialogDescription>
            {account
              ? 'Altere o que precisar e salve.'
              : 'Uma conta no banco, a poupança, o dinheiro da carteira, um investimento ou um cartão de crédito.'}
          </DialogDescription>
        </DialogHeader>
        {open && <AccountForm account={account} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  )
}

/** An empty field is absent (a card without a limit or final), not 0 or ''. */
const optionalNumber = {
  setValueAs: (value: unknown) =>
    value === '' || value === null || value === undefined ? undefined : Number(value),
}
const optionalText = {
  setValueAs: (value: unknown) =>
    typeof value === 'string' && value.trim() ? value.trim() : undefined,
}

function AccountForm({ account, onDone }: { account: Account | null; onDone: () => void }) {
  const id = useId()
  const create = useCreateAccount()
  const update = useUpdateAccount()
  const mutation = account ? update : create
  const busy = mutation.isPending
  const form = useForm<AccountCreate>({
    // The create rules hold for an edit too (a card keeps both days); the kind rides along.
    resolver: zodResolver(accountCreateSchema),
    // A card's fields leave the values when the kind changes away from card (they unmount).
    shouldUnregister: true,
    defaultValues: account
      ? {
          name: account.name,
          kind: account.kind,
          closing_day: account.closing_day ?? undefined,
          due_day: account.due_day ?? undefined,
          limit_cents: account.limit_cents ?? undefined,
          last_digits: account.last_digits ?? undefined,
        }
      : { name: '', kind: 'checking', opening_balance_cents: 0 },
  })
  const kind = form.watch('kind')
  const card = kind === 'credit_card'
  const errors = form.formState.errors

  function onValid(values: AccountCreate) {
    if (account) {
      const cardFields = card
        ? {
            closing_day: values.closing_day,
            due_day: values.due_day,
            // Cleared fields are cleared on the server too.
            limit_cents: values.limit_cents ?? null,
            last_digits: values.last_digits ?? null,
          }
        : {}
      update.mutate(
        { id: account.id, patch: { name: values.name, ...cardFields } },
        {
          onSuccess: () => {
            toastSuccess('Conta atualizada.')
            onDone()
          },
        },
      )
      return
    }
    create.mutate(values, {
      onSuccess: () => {
        toastSuccess('Conta criada.')
        onDone()
      },
    })
  }

  return (
    <form
      onSubmit={form.handleSubmit(onValid, toastFirstError)}
      noValidate
      className="space-y-4"
      aria-busy={busy}
    >
      <div className="space-y-2">
        <Label htmlFor={`${id}-name`}>Nome</Label>
        <Input
          id={`${id}-name`}
          placeholder="Ex.: Nubank, Itaú, Carteira"
          maxLength={60}
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          {...form.register('name', trimmed)}
        />
      </div>

      {account ? (
        <p className="text-sm">
          <input type="hidden" {...form.register('kind')} />
          <span className="text-muted-foreground">Tipo: </span>
          {ACCOUNT_KIND_LABELS[account.kind]}
        </p>
      ) : (
        <div className="space-y-2">
          <Label htmlFor={`${id}-kind`}>Tipo</Label>
          <NativeSelect id={`${id}-kind`} {...form.register('kind')}>
            {ACCOUNT_KINDS.map((k) => (
              <option key={k} value={k}>
                {ACCOUNT_KIND_LABELS[k]}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}

      {!account && (
        <div className="space-y-2">
          <Label htmlFor={`${id}-opening`}>
            {card ? 'Fatura em aberto hoje' : 'Saldo inicial'}
          </Label>
          <Controller
            control={form.control}
            name="opening_balance_cents"
            render={({ field }) => (
              <MoneyField
                id={`${id}-opening`}
                // A card's opening balance is what is owed: stored negative.
                value={Math.abs(field.value ?? 0)}
                onChange={(cents) => field.onChange(card ? -cents : cents)}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
        </div>
      )}

      {card && (
        <fieldset className="space-y-4 rounded-lg border p-4">
          <legend className="px-1 font-medium text-sm">Cartão de crédito</legend>
          <div className="grid grid-cols-2 gap-4">
            <div className="space-y-2">
              <Label htmlFor={`${id}-closing`}>Dia de fechamento</Label>
              <Input
                id={`${id}-closing`}
                type="number"
                inputMode="numeric"
                min={1}
                max={31}
                aria-invalid={errors.closing_day ? true : undefined}
                {...form.register('closing_day', optionalNumber)}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor={`${id}-due`}>Dia de vencimento</Label>
              <Input
                id={`${id}-due`}
                type="number"
                inputMode="numeric"
                min={1}
                max={31}
                aria-invalid={errors.due_day ? true : undefined}
                {...form.register('due_day', optionalNumber)}
              />
            </div>
          </div>
          <div className="grid grid-cols-2 gap-4">
            <div className="space-y-2">
              <Label htmlFor={`${id}-limit`}>Limite</Label>
              <Controller
                control={form.control}
                name="limit_cents"
                render={({ field }) => (
                  <MoneyField
                    id={`${id}-limit`}
                    value={field.value}
                    onChange={(cents) => field.onChange(cents || undefined)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                  />
                )}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor={`${id}-digits`}>Últimos 4 dígitos</Label>
              <Input
                id={`${id}-digits`}
                inputMode="numeric"
                maxLength={4}
                autoComplete="off"
                placeholder="1234"
                aria-invalid={errors.last_digits ? true : undefined}
                {...form.register('last_digits', optionalText)}
              />
            </div>
          </div>
        </fieldset>
      )}

      <FormError error={mutation.error} />
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
