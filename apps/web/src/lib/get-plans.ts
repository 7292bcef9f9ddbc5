import type { PlanFeatures } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export type Plan = PlanFeatures

/**
 * GET /api/plans, cheapest first (the server already orders them; the page must not rely on
 * it). One query for every page that shows plans (landing, dashboard): here in lib/ because
 * features do not import each other.
 */
export async function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  const plans = await api.get<Plan[]>('/api/plans', { signal })
  return [...plans].sort((a, b) => a.price_monthly - b.price_monthly)
}

export function plansQueryOptions() {
  return queryOptions({
    // The spec's cache key for the landing page's plans (§7); the dashboard shares it.
    queryKey: ['landing-pricing-plans'],
    queryFn: ({ signal }) => getPlans(signal),
  })
}

export function usePlans() {
  return useQuery(plansQueryOptions())
}
