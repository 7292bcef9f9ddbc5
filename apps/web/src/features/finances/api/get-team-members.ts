import type { Team } from '@equilibrai/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export type LedgerMember = { user_id: string; name: string }

/**
 * The people of the caller's team, for filtering /financas by who recorded an entry; an empty
 * list without an active team (a plan without dashboard_equipe answers 403: no filter then).
 */
export async function getTeamMembers(signal?: AbortSignal): Promise<LedgerMember[]> {
  try {
    const team = await api.get<Team>('/api/team', { signal })
    if (team.status !== 'active' || team.members.length < 2) return []
    return team.members.map((m) => ({ user_id: m.user_id, name: m.name }))
  } catch {
    return []
  }
}

export function teamMembersQueryOptions() {
  return queryOptions({
    queryKey: ['finances', 'team-members'],
    queryFn: ({ signal }) => getTeamMembers(signal),
    staleTime: 60_000,
  })
}

export function useTeamMembers() {
  return useQuery(teamMembersQueryOptions())
}
