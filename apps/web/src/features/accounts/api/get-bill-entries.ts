import type { TransactionPage } from '@equilibrai/shared'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { ACCOUNTS_KEY } from '@/lib/get-accounts'

const PAGE_SIZE = 50

export type BillPeriod = { accountId: number; from: string; to: string }

/** GET /api/v1/transactions?account_id=&from=&to=: what a card's bill holds, newest first. */
export function getBillEntries(period: BillPeriod, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({
    account_id: String(period.accountId),
    from: period.from,
    to: period.to,
    limit: String(PAGE_SIZE),
  })
  if (cursor) params.set('cursor', cursor)
  return api.get<TransactionPage>(`/api/v1/transactions?${params}`, { signal })
}

export function billEntriesQueryOptions(period: BillPeriod) {
  return infiniteQueryOptions({
    queryKey: [...ACCOUNTS_KEY, 'bill-entries', period],
    queryFn: ({ pageParam, signal }) => getBillEntries(period, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 30_000,
  })
}

export function useBillEntries(period: BillPeriod) {
  return useInfiniteQuery(billEntriesQueryOptions(period))
}
