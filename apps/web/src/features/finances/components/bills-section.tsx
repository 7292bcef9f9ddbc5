import { type Bill, formatBRL, saoPauloDate } from '@equilibrai/shared'
import { CheckIcon, PencilIcon, PlusIcon, RepeatIcon, Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { toastSuccess } from '@/lib/notify'
import { useDeleteBill } from '../api/delete-bill'
import { useBills } from '../api/get-bills'
import { useUpdateBill } from '../api/update-bill'
import { formatIsoDate } from '@/lib/iso-date'
import { BillFormDialog } from './bill-form-dialog'

type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; bill: Bill }

/** 'Contas': bills to pay (list, add, edit, delete, mark paid), for every plan. */
export function BillsSection() {
  const query = useBills()
  const update = useUpdateBill()
  const remove = useDeleteBill()
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' })
  const bills = query.data?.data ?? []
  const today = saoPauloDate(new Date())

  function markPaid(bill: Bill) {
    // Records the expense too (when the bill has an amount), as 'paguei a luz' does.
    update.mutate(
      { id: bill.id, patch: { paid_on: today, record_entry: true } },
      { onSuccess: () => toastSuccess('Conta marcada como paga.') },
    )
  }

  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-3 pb-3">
        <CardTitle as="h2">Contas</CardTitle>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => setEditing({ mode: 'new' })}
        >
          <PlusIcon aria-hidden="true" />
          Nova conta
        </Button>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-12 w-full" />
        ) : query.isError ? (
          <p className="text-muted-foreground text-sm">Não foi possível carregar as contas.</p>
        ) : bills.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            Nenhuma conta. Anote as contas a pagar e eu aviso na véspera e no dia do vencimento.
          </p>
        ) : (
          <ul className="divide-y" aria-label="Contas" data-testid="bill-list">
            {bills.map((bill) => (
              // On a phone: the name (whole, wrapped) and the amount on one line, the actions under
              // them; from sm up, one row.
              <li
                key={bill.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3"
                data-testid="bill-row"
              >
                <div className="min-w-0 basis-full sm:basis-0 sm:flex-1">
                  <p className="font-medium [overflow-wrap:anywhere]">
                    {bill.description}
                    {bill.recurrence === 'monthly' && (
                      <RepeatIcon aria-label="todo mês" className="ml-1 inline size-3.5" />
                    )}
                  </p>
                  <p className="text-muted-foreground text-sm">
                    {bill.paid_on
                      ? `Paga em ${formatIsoDate(bill.paid_on)}`
                      : `${bill.due_on < today ? 'Venceu' : 'Vence'} em ${formatIsoDate(bill.due_on)}`}
                  </p>
                </div>
                <span className="mr-auto whitespace-nowrap font-medium tabular-nums sm:mr-0">
                  {bill.amount_cents === null ? '—' : formatBRL(bill.amount_cents)}
                </span>
                {bill.paid_on ? (
                  <Badge variant="secondary">Paga</Badge>
                ) : (
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={update.isPending}
                    onClick={() => markPaid(bill)}
                  >
                    <CheckIcon aria-hidden="true" />
                    Marcar como paga
                  </Button>
                )}
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  aria-label={`Editar ${bill.description}`}
                  onClick={() => setEditing({ mode: 'edit', bill })}
                >
                  <PencilIcon aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  aria-label={`Excluir ${bill.description}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(bill.id, { onSuccess: () => toastSuccess('Conta excluída.') })
                  }
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <BillFormDialog
        open={editing.mode !== 'closed'}
        bill={editing.mode === 'edit' ? editing.bill : null}
        defaultDate={today}
        onClose={() => setEditing({ mode: 'closed' })}
      />
    </Card>
  )
}
