import { CATEGORY_LABELS, formatBRL, formatDayMonth } from '@equilibrai/shared'
import { LoadFailed } from '@/components/load-failed'
import { LoadMoreButton } from '@/components/load-more-button'
import { Skeleton } from '@/components/ui/skeleton'
import { type BillPeriod, useBillEntries } from '../api/get-bill-entries'

/** What a card's bill holds: the card's entries between the previous closing day and this one. */
export function BillEntries({ period }: { period: BillPeriod }) {
  const query = useBillEntries(period)
  const entries = query.data?.pages.flatMap((p) => p.data) ?? []
  if (query.isPending) return <Skeleton className="h-10 w-full" />
  if (query.isError)
    return <LoadFailed what="as compras da fatura" onRetry={() => void query.refetch()} />
  if (entries.length === 0) {
    return <p className="text-muted-foreground text-sm">Nenhuma compra nesta fatura.</p>
  }
  return (
    <>
      <ul className="divide-y text-sm" aria-label="Compras da fatura" data-testid="bill-entries">
        {entries.map((entry) => (
          <li key={entry.id} className="flex items-center gap-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="truncate">{entry.description}</p>
              <p className="text-muted-foreground text-xs">
                {formatDayMonth(entry.occurred_on)} · {CATEGORY_LABELS[entry.category]}
              </p>
            </div>
            <p className="shrink-0 tabular-nums">
              {entry.type === 'income' ? (
                <>
                  <span className="sr-only">Estorno de </span>
                  <span aria-hidden="true">+ </span>
                </>
              ) : null}
              {formatBRL(entry.amount_cents)}
            </p>
          </li>
        ))}
      </ul>
      <LoadMoreButton query={query} />
    </>
  )
}
