import type { AdminStats } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/admin/stats: the cards' numbers and the subscribers per plan type. */
export function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return api.get<AdminStats>('/api/admin/stats', { signal })
}

export function adminStatsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'stats'],
    queryFn: ({ signal }) => getAdminStats(signal),
    // An operator opens the panel to see what is happening now.
    staleTime: 30_000,
  })
}

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions())
}
