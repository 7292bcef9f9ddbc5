import type { AccountManager, SupportRequest, SupportTier } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export type SupportOverview = {
  data: SupportRequest[]
  tier: SupportTier
  account_manager: AccountManager | null
}

/** GET /api/support/requests: the person's requests, their tier and account manager. */
export function getSupportRequests(signal?: AbortSignal): Promise<SupportOverview> {
  return api.get<SupportOverview>('/api/support/requests', { signal })
}

export function supportRequestsQueryOptions() {
  return queryOptions({
    queryKey: ['support', 'requests'],
    queryFn: ({ signal }) => getSupportRequests(signal),
    staleTime: 60_000,
  })
}

export function useSupportRequests() {
  return useQuery(supportRequestsQueryOptions())
}
