import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { Transfer } from '@equilibrai/shared'

/** Transfers change balances but never the month's income or expense (ARCHITECTURE §9). */
export const TRANSFERS_KEY = ['transfers'] as const

export type TransferFilter = { from?: string; to?: string; accountId?: number }

/** GET /api/v1/transfers, newest first, within the dates and for the account given. */
export function getTransfers(filter: TransferFilter, signal?: AbortSignal) {
  const params = new URLSearchParams()
  if (filter.from) params.set('from', filter.from)
  if (filter.to) params.set('to', filter.to)
  if (filter.accountId !== undefined) params.set('account_id', String(filter.accountId))
  const query = params.size > 0 ? `?${params}` : ''
  return api.get<{ data: Transfer[] }>(`/api/v1/transfers${query}`, { signal })
}

export function transfersQueryOptions(filter: TransferFilter) {
  return queryOptions({
    queryKey: [...TRANSFERS_KEY, filter],
    queryFn: ({ signal }) => getTransfers(filter, signal),
    select: (answer) => answer.data,
    staleTime: 30_000,
  })
}

export function useTransfers(filter: TransferFilter) {
  return useQuery(transfersQueryOptions(filter))
}
