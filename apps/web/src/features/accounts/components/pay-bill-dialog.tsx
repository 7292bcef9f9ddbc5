import { formatBRL } from '@equilibrai/shared'
import { useId, useState } from 'react'
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
import { Label } from '@/components/ui/label'
import type { Account, Invoice } from '@equilibrai/shared'
import { monthTitle } from '@/lib/month'
import { toastError, toastSuccess } from '@/lib/notify'
import { usePayInvoice } from '../api/pay-invoice'

export type PayingBill = { card: Account; invoice: Invoice }

/** 'Pagar fatura': a transfer from an account into the card, by default what is left of it. */
export function PayBillDialog({
  paying,
  accounts,
  onClose,
}: {
  paying: PayingBill | null
  /** Where the money may come from: accounts in use that are not cards. */
  accounts: Account[]
  onClose: () => void
}) {
  return (
    <Dialog open={paying !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Pagar fatura</DialogTitle>
          <DialogDescription>
            {paying
              ? `${paying.card.name}, fatura de ${monthTitle(paying.invoice.month).toLocaleLowerCase('pt-BR')}. O pagamento é uma transferência: a compra já contou como despesa no dia em que foi feita.`
              : ''}
          </DialogDescription>
        </DialogHeader>
        {paying && <PayBillForm paying={paying} accounts={accounts} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  )
}

function PayBillForm({
  paying,
  accounts,
  onDone,
}: {
  paying: PayingBill
  accounts: Account[]
  onDone: () => void
}) {
  const id = useId()
  const pay = usePayInvoice()
  const left = Math.max(0, paying.invoice.total_cents - paying.invoice.paid_cents)
  const [from, setFrom] = useState(() => (accounts.find((a) => a.is_default) ?? accounts[0])?.id)
  const [amount, setAmount] = useState(left)

  function submit(event: React.FormEvent) {
    event.preventDefault()
    if (from === undefined) return
    if (amount <= 0) {
      toastError(undefined, 'Valor deve ser maior que zero')
      return
    }
    pay.mutate(
      {
        accountId: paying.card.id,
        month: paying.invoice.month,
        from_account_id: from,
        // The server pays what is left when no amount is sent: send one only when changed.
        ...(amount === left ? {} : { amount_cents: amount }),
      },
      {
        onSuccess: () => {
          toastSuccess('Fatura paga.')
          onDone()
        },
      },
    )
  }

  if (accounts.length === 0) {
    return (
      <p className="text-muted-foreground text-sm">
        Crie antes uma conta (corrente, poupança ou dinheiro) de onde sai o pagamento.
      </p>
    )
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-busy={pay.isPending}>
      <p className="text-sm">
        Total {formatBRL(paying.invoice.total_cents)} · pago {formatBRL(paying.invoice.paid_cents)}{' '}
        · <strong>falta {formatBRL(left)}</strong>
      </p>
      <div className="space-y-2">
        <Label htmlFor={`${id}-from`}>Pagar com</Label>
        <AccountSelect
          id={`${id}-from`}
          accounts={accounts}
          value={from === undefined ? '' : String(from)}
          onChange={(e) => setFrom(Number(e.target.value))}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-amount`}>Valor</Label>
        <MoneyField id={`${id}-amount`} value={amount} onChange={setAmount} />
      </div>
      <FormError error={pay.error} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={pay.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={pay.isPending}>
          {pay.isPending ? 'Pagando...' : `Pagar ${formatBRL(amount)}`}
        </Button>
      </DialogFooter>
    </form>
  )
}
