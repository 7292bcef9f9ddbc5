import type { MonthSummary } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const SUMMARY_KEY = ['finances', 'summary'] as const

/** GET /api/v1/summary?month=YYYY-MM: totals and spending per category, computed by the server. */
export function getSummary(month: string, signal?: AbortSignal): Promise<MonthSummary> {
  return api.get<MonthSummary>(`/api/v1/summary?month=${encodeURIComponent(month)}`, { signal })
}

export function summaryQueryOptions(month: string) {
  return queryOptions({
    queryKey: [...SUMMARY_KEY, month],
    queryFn: ({ signal }) => getSummary(month, signal),
    staleTime: 30_000,
  })
}

export function useSummary(month: string) {
  return useQuery(summaryQueryOptions(month))
}
