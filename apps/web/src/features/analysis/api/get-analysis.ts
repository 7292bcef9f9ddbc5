import type { Analysis } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/v1/analysis?months= (análise_avançada). */
export function getAnalysis(months: number, signal?: AbortSignal): Promise<Analysis> {
  return api.get<Analysis>(`/api/v1/analysis?months=${months}`, { signal })
}

export function analysisQueryOptions(months: number) {
  return queryOptions({
    queryKey: ['analysis', months],
    queryFn: ({ signal }) => getAnalysis(months, signal),
    staleTime: 60_000,
  })
}

export function useAnalysis(months: number) {
  return useQuery(analysisQueryOptions(months))
}
