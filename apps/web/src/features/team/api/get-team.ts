import type { Team } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/team: the caller's team (403 FEATURE_NOT_IN_PLAN without dashboard_equipe). */
export function getTeam(signal?: AbortSignal): Promise<Team> {
  return api.get<Team>('/api/team', { signal })
}

export function teamQueryOptions() {
  return queryOptions({
    queryKey: ['team'],
    queryFn: ({ signal }) => getTeam(signal),
    staleTime: 30_000,
  })
}

export function useTeam() {
  return useQuery(teamQueryOptions())
}
