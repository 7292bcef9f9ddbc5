import type { AdminSupportRequest } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export type SupportQueueStatus = 'open' | 'answered'

/** GET /api/admin/support/requests?status=: open ones dedicated → priority → standard, oldest first. */
export function getAdminSupportRequests(
  status: SupportQueueStatus,
  signal?: AbortSignal,
): Promise<{ data: AdminSupportRequest[] }> {
  return api.get(`/api/admin/support/requests?status=${status}`, { signal })
}

export function adminSupportQueryOptions(status: SupportQueueStatus) {
  return queryOptions({
    queryKey: ['admin', 'support', status],
    queryFn: ({ signal }) => getAdminSupportRequests(status, signal),
    staleTime: 15_000,
  })
}

export function useAdminSupportRequests(status: SupportQueueStatus) {
  return useQuery(adminSupportQueryOptions(status))
}
