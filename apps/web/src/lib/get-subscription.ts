import type { Subscription } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/**
 * GET /api/subscription. One query for every page that reads the plan (dashboard, integrations)
 * and every mutation that changes its usage (finances): here in lib/ because features do not
 * import each other.
 */
export function getSubscription(signal?: AbortSignal): Promise<Subscription> {
  return api.get<Subscription>('/api/subscription', { signal })
}

export function subscriptionQueryOptions() {
  return queryOptions({
    queryKey: ['subscription'],
    queryFn: ({ signal }) => getSubscription(signal),
    // The plan changes in other tabs (checkout, the portal): coming back always asks again.
    refetchOnWindowFocus: 'always',
  })
}

/** `poll`: ask every two seconds, while a just-paid plan is on its way (the webhook). */
export function useSubscription({ poll = false }: { poll?: boolean } = {}) {
  return useQuery({ ...subscriptionQueryOptions(), refetchInterval: poll ? 2_000 : false })
}
