import { formatBRL, formatDayMonth } from '@equilibrai/shared'
import { ArrowLeftRightIcon, Trash2Icon } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import type { Transfer } from '@equilibrai/shared'

/**
 * A transfer in the month's list: marked 'Transferência', from → to, its amount neutral (no
 * sign, no income or expense colour), since it moves money without earning or spending it.
 */
export function TransferRow({
  transfer,
  names,
  onDelete,
}: {
  transfer: Transfer
  names: Map<number, string>
  onDelete: (transfer: Transfer) => void
}) {
  const from = names.get(transfer.from_account_id) ?? 'Conta'
  const to = names.get(transfer.to_account_id) ?? 'Conta'
  return (
    <li className="flex items-center gap-3 px-6 py-3 sm:px-0" data-testid="transfer-row">
      <ArrowLeftRightIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{transfer.description}</p>
        <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-muted-foreground text-xs">
          <Badge variant="outline">Transferência</Badge>
          <span className="whitespace-nowrap">{formatDayMonth(transfer.occurred_on)}</span>
          <span className="min-w-0 break-words">
            · {from} <span aria-hidden="true">→</span>
            <span className="sr-only">para</span> {to}
          </span>
        </p>
      </div>
      <p className="shrink-0 font-semibold text-muted-foreground tabular-nums">
        <span className="sr-only">Transferência de </span>
        {formatBRL(transfer.amount_cents)}
      </p>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="shrink-0"
        onClick={() => onDelete(transfer)}
        aria-label={`Excluir transferência ${transfer.description} de ${formatBRL(transfer.amount_cents)}`}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
    </li>
  )
}
