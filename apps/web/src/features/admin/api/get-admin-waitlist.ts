import type { AdminWaitlistPage } from '@equilibrai/shared'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const WAITLIST_PAGE_SIZE = 20

/** The CSV download of the whole list (GET, the session cookie goes along). */
export const WAITLIST_CSV_URL = '/api/admin/waitlist.csv'

/** GET /api/admin/waitlist: how many people are on the VIP list, and one page, newest first. */
export function getAdminWaitlist(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminWaitlistPage> {
  const params = new URLSearchParams({ limit: String(WAITLIST_PAGE_SIZE) })
  if (cursor) params.set('cursor', cursor)
  return api.get<AdminWaitlistPage>(`/api/admin/waitlist?${params}`, { signal })
}

export function adminWaitlistQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['admin', 'waitlist'],
    queryFn: ({ pageParam, signal }) => getAdminWaitlist(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 30_000,
  })
}

export function useAdminWaitlist() {
  return useInfiniteQuery(adminWaitlistQueryOptions())
}
