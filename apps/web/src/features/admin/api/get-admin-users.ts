import type { AdminUsersPage } from '@equilibrai/shared'
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const ADMIN_USERS_PAGE_SIZE = 50

/** GET /api/admin/users: one page, newest first, narrowed by `q` (name or e-mail) if given. */
export function getAdminUsers(
  { q, cursor }: { q: string; cursor: string | null },
  signal?: AbortSignal,
): Promise<AdminUsersPage> {
  const params = new URLSearchParams({ limit: String(ADMIN_USERS_PAGE_SIZE) })
  if (q) params.set('q', q)
  if (cursor) params.set('cursor', cursor)
  return api.get<AdminUsersPage>(`/api/admin/users?${params}`, { signal })
}

export function adminUsersQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: ['admin', 'users', { q }],
    queryFn: ({ pageParam, signal }) => getAdminUsers({ q, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 30_000,
  })
}

/** Keeps the previous results on screen while a new search loads. */
export function useAdminUsers(q: string) {
  return useInfiniteQuery({ ...adminUsersQueryOptions(q), placeholderData: keepPreviousData })
}
