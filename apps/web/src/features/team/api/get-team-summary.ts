import type { TeamSummary } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/v1/team/summary?month=: per member, the month's income, expenses and entries. */
export function getTeamSummary(month: string, signal?: AbortSignal): Promise<TeamSummary> {
  return api.get<TeamSummary>(`/api/v1/team/summary?month=${month}`, { signal })
}

export function teamSummaryQueryOptions(month: string) {
  return queryOptions({
    queryKey: ['team', 'summary', month],
    queryFn: ({ signal }) => getTeamSummary(month, signal),
    staleTime: 30_000,
  })
}

export function useTeamSummary(month: string, enabled: boolean) {
  return useQuery({ ...teamSummaryQueryOptions(month), enabled })
}
