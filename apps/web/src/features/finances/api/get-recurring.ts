import type { Recurring } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/v1/recurring: the active recurring entries. */
export function getRecurring(signal?: AbortSignal): Promise<{ data: Recurring[] }> {
  return api.get<{ data: Recurring[] }>('/api/v1/recurring', { signal })
}

export function recurringQueryOptions() {
  return queryOptions({
    queryKey: ['finances', 'recurring'],
    queryFn: ({ signal }) => getRecurring(signal),
    staleTime: 30_000,
  })
}

export function useRecurring() {
  return useQuery(recurringQueryOptions())
}
