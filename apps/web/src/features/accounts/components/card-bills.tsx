import { cardBillForMonth, formatBRL } from '@equilibrai/shared'
import { ChevronDownIcon } from 'lucide-react'
import { useState } from 'react'
import { LoadFailed } from '@/components/load-failed'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import type { Account, Invoice } from '@equilibrai/shared'
import { cn } from '@/lib/cn'
import { formatIsoDate } from '@/lib/iso-date'
import { monthTitle } from '@/lib/month'
import { useInvoices } from '../api/get-invoices'
import { BillEntries } from './bill-entries'

const STATUS: Record<
  Invoice['status'],
  { label: string; variant: 'default' | 'secondary' | 'outline' }
> = {
  open: { label: 'Aberta', variant: 'outline' },
  closed: { label: 'Fechada', variant: 'default' },
  paid: { label: 'Paga', variant: 'secondary' },
}

/** A card's bills, newest first, each with what it holds and 'Pagar fatura' while unpaid. */
export function CardBills({ card, onPay }: { card: Account; onPay: (invoice: Invoice) => void }) {
  const query = useInvoices(card.id)
  const invoices = query.data ?? []
  if (query.isPending) return <Skeleton className="h-16 w-full" />
  if (query.isError) return <LoadFailed what="as faturas" onRetry={() => void query.refetch()} />
  if (invoices.length === 0) {
    return (
      <p className="text-muted-foreground text-sm">
        Nenhuma fatura ainda: as compras no cartão aparecem aqui.
      </p>
    )
  }
  return (
    <ul className="space-y-3" aria-label={`Faturas de ${card.name}`}>
      {invoices.map((invoice) => (
        <BillItem key={invoice.month} card={card} invoice={invoice} onPay={() => onPay(invoice)} />
      ))}
    </ul>
  )
}

function BillItem({
  card,
  invoice,
  onPay,
}: {
  card: Account
  invoice: Invoice
  onPay: () => void
}) {
  const [showEntries, setShowEntries] = useState(false)
  const status = STATUS[invoice.status]
  const left = invoice.total_cents - invoice.paid_cents
  const title = `Fatura de ${monthTitle(invoice.month).toLocaleLowerCase('pt-BR')}`
  const days =
    card.closing_day && card.due_day
      ? { closing_day: card.closing_day, due_day: card.due_day }
      : null
  const bill = days ? cardBillForMonth(days, invoice.month) : null
  const period = bill ? { accountId: card.id, from: bill.opens_on, to: bill.closes_on } : null
  return (
    <li className="rounded-lg border p-3" data-testid="card-bill">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <p className="font-medium">{title}</p>
          <p className="text-muted-foreground text-xs">
            Fecha em {formatIsoDate(invoice.closes_on)} · vence em {formatIsoDate(invoice.due_on)}
          </p>
        </div>
        <Badge variant={status.variant} data-testid="bill-status">
          {status.label}
        </Badge>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground text-xs">Total</dt>
          <dd className="font-semibold tabular-nums" data-testid="bill-total">
            {formatBRL(invoice.total_cents)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-xs">Pago</dt>
          <dd className="tabular-nums" data-testid="bill-paid">
            {formatBRL(invoice.paid_cents)}
          </dd>
        </div>
      </dl>
      {period && (
        <details
          className="group mt-2"
          onToggle={(event) => setShowEntries(event.currentTarget.open)}
        >
          <summary
            className={cn(
              'flex cursor-pointer list-none items-center gap-1 rounded-sm text-primary text-sm',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden',
            )}
          >
            <ChevronDownIcon
              aria-hidden="true"
              className="size-4 transition-transform group-open:rotate-180"
            />
            O que tem nesta fatura
          </summary>
          {/* Asked for only when opened: a card may have many bills. */}
          <div className="mt-2">{showEntries && <BillEntries period={period} />}</div>
        </details>
      )}
      {invoice.status !== 'paid' && left > 0 && (
        <Button type="button" size="sm" className="mt-3 w-full sm:w-auto" onClick={onPay}>
          Pagar fatura
          <span className="sr-only"> de {monthTitle(invoice.month)}</span>
        </Button>
      )}
    </li>
  )
}
