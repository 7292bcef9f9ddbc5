import type { Bill } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/v1/bills: unpaid bills by due date, then the paid ones. */
export function getBills(signal?: AbortSignal): Promise<{ data: Bill[] }> {
  return api.get<{ data: Bill[] }>('/api/v1/bills', { signal })
}

export function billsQueryOptions() {
  return queryOptions({
    queryKey: ['finances', 'bills'],
    queryFn: ({ signal }) => getBills(signal),
    staleTime: 30_000,
  })
}

export function useBills() {
  return useQuery(billsQueryOptions())
}
