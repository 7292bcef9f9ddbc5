import {
  CATEGORY_LABELS,
  customCategoryLabel,
  formatBRL,
  formatDayMonth,
  monthRange,
  type Transaction,
} from '@equilibrai/shared'
import { MessageCircleIcon, PencilIcon, Trash2Icon } from 'lucide-react'
import { useMemo } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'
import type { Account, Transfer } from '@equilibrai/shared'
import { accountLabel } from '@/lib/get-accounts'
import { useTransfers } from '@/lib/get-transfers'
import { useTransactions } from '../api/get-transactions'
import { LoadMoreButton } from '@/components/load-more-button'
import { LoadFailed } from '@/components/load-failed'
import { mergeTransfers } from '../utils/merge-transfers'
import { apiFilterParams, type FinanceFilters, hasFilters, narrowsEntries } from '../utils/filters'
import { TransferRow } from './transfer-row'

/**
 * The month's entries, newest first, 50 at a time ('Carregar mais' follows the server's
 * cursor), so a month with 10,000 entries renders only what was asked for. The month's
 * transfers sit among them by date, marked as transfers: they are neither income nor expense.
 */
export function TransactionList({
  month,
  filters = {},
  accounts,
  showAuthor = false,
  onEdit,
  onDelete,
  onDeleteTransfer,
}: {
  month: string
  /** The page's filters (utils/filters.ts): person, account, words, type, category, amounts, days. */
  filters?: FinanceFilters
  /** Every account of the ledger, to name them (archived ones too). */
  accounts: Account[]
  /** A team's list says who recorded each entry. */
  showAuthor?: boolean
  onEdit: (entry: Transaction) => void
  onDelete: (entry: Transaction) => void
  onDeleteTransfer: (transfer: Transfer) => void
}) {
  const query = useTransactions(month, filters)
  const range = apiFilterParams(month, filters)
  const from = range.get('from') ?? monthRange(month).from
  const to = range.get('to') ?? monthRange(month).to
  const accountId = filters.conta
  const transfers = useTransfers({ from, to, accountId })
  const entries = query.data?.pages.flatMap((p) => p.data) ?? []
  // Transfers are nobody's entries and neither income nor expense: a list narrowed to a person,
  // words, a type, a category or amounts shows none.
  const hideTransfers =
    Boolean(filters.membro) || narrowsEntries({ ...filters, de: undefined, ate: undefined })
  const items = mergeTransfers(
    entries,
    hideTransfers ? [] : (transfers.data ?? []),
    !query.hasNextPage,
  )
  const filtered = hasFilters(filters)
  const names = useMemo(() => new Map(accounts.map((a) => [a.id, accountLabel(a)])), [accounts])
  const showAccount = accounts.length > 1

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">Lançamentos</CardTitle>
      </CardHeader>
      <CardContent className="px-0 sm:px-6">
        {query.isPending ? (
          <div className="space-y-3 px-6 sm:px-0">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : query.isError ? (
          <LoadFailed
            what="os lançamentos"
            onRetry={() => void query.refetch()}
            className="px-6 sm:px-0"
          />
        ) : items.length === 0 ? (
          <p className="px-6 text-muted-foreground text-sm sm:px-0">
            {filtered
              ? 'Nenhum lançamento com estes filtros.'
              : 'Nenhum lançamento neste mês. Mande uma mensagem no WhatsApp, como “mercado 45,90”, ou use “Novo lançamento”.'}
          </p>
        ) : (
          <>
            <ul className="divide-y" aria-label="Lançamentos do mês" data-testid="transaction-list">
              {items.map((item) =>
                item.kind === 'entry' ? (
                  <Row
                    key={`e${item.entry.id}`}
                    entry={item.entry}
                    account={showAccount ? names.get(item.entry.account_id) : undefined}
                    showAuthor={showAuthor}
                    onEdit={onEdit}
                    onDelete={onDelete}
                  />
                ) : (
                  <TransferRow
                    key={`t${item.transfer.id}`}
                    transfer={item.transfer}
                    names={names}
                    onDelete={onDeleteTransfer}
                  />
                ),
              )}
            </ul>
            <LoadMoreButton query={query} />
          </>
        )}
      </CardContent>
    </Card>
  )
}

function Row({
  entry,
  account,
  showAuthor,
  onEdit,
  onDelete,
}: {
  entry: Transaction
  /** The account's name, when the ledger has more than one. */
  account: string | undefined
  showAuthor: boolean
  onEdit: (entry: Transaction) => void
  onDelete: (entry: Transaction) => void
}) {
  const income = entry.type === 'income'
  return (
    <li className="flex items-center gap-3 px-6 py-3 sm:px-0" data-testid="transaction-row">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{entry.description}</p>
        <p className="flex flex-wrap items-center gap-x-1.5 text-muted-foreground text-xs">
          <span className="whitespace-nowrap">{formatDayMonth(entry.occurred_on)}</span>
          <span className="whitespace-nowrap">
            ·{' '}
            {entry.custom_category
              ? customCategoryLabel(entry.custom_category)
              : CATEGORY_LABELS[entry.category]}
          </span>
          {account && <span className="min-w-0 truncate">· {account}</span>}
          {showAuthor && entry.created_by && (
            <span className="whitespace-nowrap">· por {entry.created_by.name}</span>
          )}
          {entry.source === 'whatsapp' && (
            <span className="inline-flex items-center gap-1 whitespace-nowrap">
              <span aria-hidden="true">·</span>
              <MessageCircleIcon aria-hidden="true" className="size-3" />
              <span className="sr-only sm:not-sr-only">WhatsApp</span>
            </span>
          )}
        </p>
      </div>
      <p
        className={cn(
          'shrink-0 font-semibold tabular-nums',
          income ? 'text-emerald-700 dark:text-emerald-400' : 'text-foreground',
        )}
      >
        <span className="sr-only">{income ? 'Receita de ' : 'Despesa de '}</span>
        <span aria-hidden="true">{income ? '+ ' : '− '}</span>
        {formatBRL(entry.amount_cents)}
      </p>
      <div className="flex shrink-0 gap-1">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          onClick={() => onEdit(entry)}
          aria-label={`Editar ${entry.description}`}
        >
          <PencilIcon aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          onClick={() => onDelete(entry)}
          aria-label={`Excluir ${entry.description}`}
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      </div>
    </li>
  )
}
