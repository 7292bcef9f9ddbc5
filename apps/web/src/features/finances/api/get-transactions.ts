import type { TransactionPage } from '@equilibrai/shared'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { monthRange } from '@equilibrai/shared'

/** Every month's list lives under this key; mutations invalidate it whole. */
export const TRANSACTIONS_KEY = ['finances', 'transactions'] as const

export const PAGE_SIZE = 50

/** GET /api/v1/transactions for one São Paulo month, newest first, one page per cursor. */
export function getTransactions(
  month: string,
  cursor: string | null,
  signal?: AbortSignal,
  member?: string,
  accountId?: number,
): Promise<TransactionPage> {
  const { from, to } = monthRange(month)
  const params = new URLSearchParams({ from, to, limit: String(PAGE_SIZE) })
  if (cursor) params.set('cursor', cursor)
  // A team's entries recorded by one person (GET /api/v1/transactions?member=).
  if (member) params.set('member', member)
  // One account's (or card's) entries (GET /api/v1/transactions?account_id=).
  if (accountId !== undefined) params.set('account_id', String(accountId))
  return api.get<TransactionPage>(`/api/v1/transactions?${params}`, { signal })
}

export function transactionsQueryOptions(month: string, member?: string, accountId?: number) {
  return infiniteQueryOptions({
    queryKey: [...TRANSACTIONS_KEY, month, member ?? 'all', accountId ?? 'all'],
    queryFn: ({ pageParam, signal }) =>
      getTransactions(month, pageParam, signal, member, accountId),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // The list must show what WhatsApp just recorded when the user comes back to the tab.
    staleTime: 30_000,
  })
}

export function useTransactions(month: string, member?: string, accountId?: number) {
  return useInfiniteQuery(transactionsQueryOptions(month, member, accountId))
}
