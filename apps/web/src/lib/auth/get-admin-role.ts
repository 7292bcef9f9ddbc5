import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/me/has-role?role=admin → {has_role}: the spec's has_role, checked on the server. */
export async function getIsAdmin(signal?: AbortSignal): Promise<boolean> {
  const { has_role } = await api.get<{ has_role: boolean }>('/api/me/has-role?role=admin', {
    signal,
  })
  return has_role
}

/** Keyed by user, so another account signing in on this tab never sees a stale answer. */
export function isAdminQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: ['me', userId, 'has-role', 'admin'],
    queryFn: ({ signal }) => getIsAdmin(signal),
    enabled: Boolean(userId),
  })
}

export function useIsAdmin(userId: string | undefined) {
  return useQuery(isAdminQueryOptions(userId))
}
