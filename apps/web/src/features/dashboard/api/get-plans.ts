import type { PlanFeatures } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/plans, cheapest first (spec §7: ordered by price_monthly). */
export async function getPlans(signal?: AbortSignal): Promise<PlanFeatures[]> {
  const plans = await api.get<PlanFeatures[]>('/api/plans', { signal })
  return [...plans].sort((a, b) => a.price_monthly - b.price_monthly)
}

export function plansQueryOptions() {
  return queryOptions({
    queryKey: ['plans'],
    queryFn: ({ signal }) => getPlans(signal),
  })
}

export function usePlans() {
  return useQuery(plansQueryOptions())
}
