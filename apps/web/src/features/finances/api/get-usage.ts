import type { EntryUsage } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/v1/usage: entries recorded this month against the plan's limit. */
export function getUsage(signal?: AbortSignal): Promise<EntryUsage> {
  return api.get<EntryUsage>('/api/v1/usage', { signal })
}

export function usageQueryOptions() {
  return queryOptions({
    queryKey: ['finances', 'usage'],
    queryFn: ({ signal }) => getUsage(signal),
    staleTime: 30_000,
  })
}

export function useUsage() {
  return useQuery(usageQueryOptions())
}

/** Whether the plan still lets this month take another entry. */
export function canRecord(usage: EntryUsage | undefined): boolean {
  return !usage || usage.limit === -1 || usage.used < usage.limit
}
