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
): Promise<TransactionPage> {
  const { from, to } = monthRange(month)
  const params = new URLSearchParams({ from, to, limit: String(PAGE_SIZE) })
  if (cursor) params.set('cursor', cursor)
  // A team's entries recorded by one person (GET /api/v1/transactions?member=).
  if (member) params.set('member', member)
  return api.get<TransactionPage>(`/api/v1/transactions?${params}`, { signal })
}

export function transactionsQueryOptions(month: string, member?: string) {
  return infiniteQueryOptions({
    queryKey: [...TRANSACTIONS_KEY, month, member ?? 'all'],
    queryFn: ({ pageParam, signal }) => getTransactions(month, pageParam, signal, member),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // The list must show what WhatsApp just recorded when the user comes back to the tab.
    staleTime: 30_000,
  })
}

export function useTransactions(month: string, member?: string) {
  return useInfiniteQuery(transactionsQueryOptions(month, member))
}
