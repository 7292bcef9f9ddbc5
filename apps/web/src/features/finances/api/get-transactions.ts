import type { TransactionPage } from '@equilibrai/shared'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { apiFilterParams, type FinanceFilters } from '../utils/filters'

/** Every month's list (and its totals) lives under this key; mutations invalidate it whole. */
export const TRANSACTIONS_KEY = ['finances', 'transactions'] as const

export const PAGE_SIZE = 50

/**
 * GET /api/v1/transactions for one São Paulo month (or the filters' days), narrowed by the
 * page's filters (utils/filters.ts), newest first, one page per cursor.
 */
export function getTransactions(
  month: string,
  cursor: string | null,
  signal?: AbortSignal,
  filters: FinanceFilters = {},
): Promise<TransactionPage> {
  const params = apiFilterParams(month, filters)
  params.set('limit', String(PAGE_SIZE))
  if (cursor) params.set('cursor', cursor)
  return api.get<TransactionPage>(`/api/v1/transactions?${params}`, { signal })
}

export function transactionsQueryOptions(month: string, filters: FinanceFilters = {}) {
  return infiniteQueryOptions({
    queryKey: [...TRANSACTIONS_KEY, month, apiFilterParams(month, filters).toString()],
    queryFn: ({ pageParam, signal }) => getTransactions(month, pageParam, signal, filters),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // The list must show what WhatsApp just recorded when the user comes back to the tab.
    staleTime: 30_000,
  })
}

export function useTransactions(month: string, filters: FinanceFilters = {}) {
  return useInfiniteQuery(transactionsQueryOptions(month, filters))
}
